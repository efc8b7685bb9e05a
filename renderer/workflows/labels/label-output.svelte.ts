import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { IpcError } from '../../../shared/ipc/result.js';
import type { ConfiguredPrinter } from '../../../shared/ipc/settings.js';
import type { LabelRecordInput, LabelTemplate } from '../../../shared/labels/index.js';
import { bytesFromBase64, offerDownload } from '../../lib/download.js';
import { safeFileName } from './file-name.js';
import { printProblem, problemFrom, type Problem } from './label-errors.js';

export type PdfLayoutChoice = 'per-label' | 'A4' | 'Letter';
export type ZplDpi = 203 | 300 | 600;
type Job = { template: LabelTemplate; records: LabelRecordInput[]; subject: string };

/** Remembered on this computer only: which of the printers in Settings is next to this bench. */
const PRINTER_KEY = 'benchlink.labels.printerId';

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
  /** The printers set up in Settings (main keeps them); the job names one by id, never an address. */
  printers = $state<ConfiguredPrinter[]>([]);
  #printerId = $state('');
  busy = $state<'pdf' | 'zpl' | 'print' | null>(null);
  problem = $state<Problem | null>(null);
  done = $state('');
  notes = $state<string[]>([]);

  constructor(
    readonly api: BenchlinkApi,
    readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null = globalThis.localStorage ?? null,
  ) {
    this.#printerId = this.storage?.getItem(PRINTER_KEY) ?? '';
  }

  get printerId(): string {
    return this.#printerId;
  }
  /** Choosing a printer also sets the resolution, so the preview shows the dots that printer makes. */
  set printerId(id: string) {
    this.#printerId = id;
    const printer = this.printers.find((p) => p.id === id);
    if (printer) this.dpi = printer.dpi;
  }

  /** Loads the printers from Settings and follows changes; returns the unsubscribe. */
  watchPrinters(): () => void {
    void this.api.invoke('settings.get', {}).then((r) => r.ok && this.#usePrinters(r.value.printers));
    return this.api.subscribe('settings.changed', (s) => this.#usePrinters(s.printers));
  }

  #usePrinters(list: ConfiguredPrinter[]): void {
    const first = this.printers.length === 0;
    this.printers = list;
    // The resolution follows the printer when one is chosen (or first shown), not on every settings change.
    const kept = list.some((p) => p.id === this.#printerId);
    if (!kept) this.printerId = list[0]?.id ?? '';
    else if (first) this.printerId = this.#printerId;
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
    const printer = this.printers.find((p) => p.id === this.printerId);
    if (!printer) {
      this.problem = {
        title: 'Send to printer',
        reasons: ['Add a label printer in Settings first, then choose it here.'],
      };
      return;
    }
    await this.#run('print', 'Printing did not finish', async () => {
      const r = await this.api.invoke('labels.sendToPrinter', { template, records, printerId: printer.id });
      if (!r.ok) return printProblem(r.error);
      this.storage?.setItem(PRINTER_KEY, printer.id);
      this.notes = r.value.notes;
      return `${r.value.labels} ${plural(r.value.labels, 'label')} sent to ${printer.name} (${r.value.bytes} bytes, all received by the printer).`;
    });
  }

  async #run(
    what: 'pdf' | 'zpl' | 'print',
    title: string,
    work: () => Promise<string | IpcError | Problem>,
  ): Promise<void> {
    if (this.busy !== null) return;
    this.busy = what;
    this.problem = null;
    this.done = '';
    this.notes = [];
    try {
      const outcome = await work();
      if (typeof outcome === 'string') this.done = outcome;
      else if ('reasons' in outcome) this.problem = outcome;
      else this.problem = problemFrom(title, outcome);
    } catch (error) {
      this.problem = { title, reasons: [error instanceof Error ? error.message : String(error)] };
    } finally {
      this.busy = null;
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
