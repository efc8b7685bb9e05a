import type { PdfJob, PrintJob, ZplJob, ZplResult } from '../../shared/labels/index.js';
import { labelsToPdf, type PdfResult } from './pdf.js';
import { sendRawToPrinter } from './raw-printer.js';
import { labelsToZplInTurns } from './zpl.js';

/**
 * One function per IPC channel, taking the payload already parsed with the matching schema from
 * shared/labels/jobs.ts. Saving to a file (dialogs) stays in the shell; these return the bytes.
 */
export function exportPdf(job: PdfJob): Promise<PdfResult> {
  return labelsToPdf(
    job.template,
    job.records,
    job.printDpi === undefined ? { layout: job.layout } : { layout: job.layout, printDpi: job.printDpi },
  );
}

/** Main answers other messages between labels: a 1,000-label export held every scan's answer for seconds. */
export function exportZpl(job: ZplJob): Promise<ZplResult> {
  return labelsToZplInTurns(job.template, job.records, { dpi: job.dpi });
}

export interface PrintResult {
  labels: number;
  bytes: number;
  notes: string[];
}

/**
 * ZPL for the printer's dpi, sent to its raw port; resolves once the printer has every byte and
 * its status (asked for after the job) does not stop it printing.
 */
export async function sendToPrinter(job: PrintJob): Promise<PrintResult> {
  const { zpl, notes } = await labelsToZplInTurns(job.template, job.records, { dpi: job.printer.dpi });
  const sent = await sendRawToPrinter({
    host: job.printer.host,
    port: job.printer.port,
    data: zpl,
    timeoutMs: job.printer.timeoutMs,
    hostStatus: true,
  });
  return { labels: job.records.length, bytes: sent.bytes, notes: [...notes, ...sent.notes] };
}
