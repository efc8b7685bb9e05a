import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { IpcError } from '../../../shared/ipc/result.js';
import type { LabelRecordInput, LabelTemplate } from '../../../shared/labels/index.js';
import { bytesFromBase64, offerDownload } from './download.js';
import { safeFileName } from './file-name.js';
import { problemFrom, type Problem } from './label-errors.js';

export type PdfLayoutChoice = 'per-label' | 'A4' | 'Letter';
export type ZplDpi = 203 | 300 | 600;
type Job = { template: LabelTemplate; records: LabelRecordInput[]; subject: string };

/** Remembered on this computer only: the printer next to this bench, not a setting for everyone. */
const PRINTER_KEY = 'benchlink.labels.printer';

/**
 * The three outputs. Main makes the bytes (the same code the tests decode), the renderer only
 * offers them as a file; every failure keeps its reasons for the panel.
 */
export class LabelOutput {
  pdfLayout = $state<PdfLayoutChoice>('per-label');
  /** Labels already used on the first sheet. */
  skip = $state(0);
  /** 300, not the common 203: a 1-inch tube label's Code 128 needs 300 dpi to keep its bars scannable. */
  dpi = $state<ZplDpi>(300);
  printerHost = $state('');
  printerPort = $state(9100);
  busy = $state<'pdf' | 'zpl' | 'print' | null>(null);
  problem = $state<Problem | null>(null);
  done = $state('');
  notes = $state<string[]>([]);

  constructor(
    readonly api: BenchlinkApi,
    readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null = globalThis.localStorage ?? null,
  ) {
    const saved = this.#read();
    if (saved) {
      this.printerHost = saved.host;
      this.printerPort = saved.port;
      this.dpi = saved.dpi;
    }
  }

  async exportPdf(job: Job): Promise<void> {
    const { template, records, subject } = plain(job);
    const layout =
      this.pdfLayout === 'per-label'
        ? { kind: 'per-label' as const }
        : { kind: 'sheet' as const, sheet: { paper: this.pdfLayout, skip: this.skip } };
    await this.#run('pdf', 'Export PDF failed', async () => {
      const r = await this.api.invoke('labels.exportPdf', { template, records, layout });
      if (!r.ok) return r.error;
      offerDownload(bytesFromBase64(r.value.pdfBase64), safeFileName(subject, 'pdf'), 'application/pdf');
      this.notes = r.value.notes;
      return `PDF with ${records.length} ${plural(records.length, 'label')} on ${r.value.pages} ${plural(r.value.pages, 'page')} saved; print it from your PDF viewer at 100 % (no "fit to page").`;
    });
  }

  async exportZpl(job: Job): Promise<void> {
    const { template, records, subject } = plain(job);
    await this.#run('zpl', 'Export ZPL failed', async () => {
      const r = await this.api.invoke('labels.exportZpl', { template, records, dpi: this.dpi });
      if (!r.ok) return r.error;
      offerDownload(r.value.zpl, safeFileName(subject, 'zpl'), 'text/plain');
      this.notes = r.value.notes;
      return `ZPL for ${r.value.labels} ${plural(r.value.labels, 'label')} at ${this.dpi} dpi saved.`;
    });
  }

  async print(job: Job): Promise<void> {
    const { template, records } = plain(job);
    const host = this.printerHost.trim();
    if (host === '') {
      this.problem = { title: 'Send to printer', reasons: ["Enter the printer's address (host name or IP) first."] };
      return;
    }
    await this.#run('print', 'Sending to the printer failed', async () => {
      const printer = { host, port: Number(this.printerPort), dpi: this.dpi };
      const r = await this.api.invoke('labels.sendToPrinter', { template, records, printer });
      if (!r.ok) return r.error;
      this.storage?.setItem(PRINTER_KEY, JSON.stringify(printer));
      this.notes = r.value.notes;
      return `${r.value.labels} ${plural(r.value.labels, 'label')} sent to ${host}:${printer.port} (${r.value.bytes} bytes, all received by the printer).`;
    });
  }

  async #run(what: 'pdf' | 'zpl' | 'print', title: string, work: () => Promise<string | IpcError>): Promise<void> {
    if (this.busy !== null) return;
    this.busy = what;
    this.problem = null;
    this.done = '';
    this.notes = [];
    try {
      const outcome = await work();
      if (typeof outcome === 'string') this.done = outcome;
      else this.problem = problemFrom(title, outcome);
    } catch (error) {
      this.problem = { title, reasons: [error instanceof Error ? error.message : String(error)] };
    } finally {
      this.busy = null;
    }
  }

  #read(): { host: string; port: number; dpi: ZplDpi } | null {
    try {
      const value: unknown = JSON.parse(this.storage?.getItem(PRINTER_KEY) ?? 'null');
      if (typeof value !== 'object' || value === null) return null;
      const { host, port, dpi } = value as Record<string, unknown>;
      if (typeof host !== 'string' || typeof port !== 'number' || (dpi !== 203 && dpi !== 300 && dpi !== 600))
        return null;
      return { host, port, dpi };
    } catch {
      return null; // an unreadable remembered printer is just forgotten
    }
  }
}

/** Plain copies: Electron's contextBridge cannot clone Svelte's state proxies. */
const plain = (job: Job): Job => ({
  template: $state.snapshot(job.template),
  records: $state.snapshot(job.records),
  subject: job.subject,
});

const plural = (n: number, word: string): string => (n === 1 ? word : `${word}s`);
