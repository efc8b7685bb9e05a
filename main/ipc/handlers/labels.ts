import { MAX_PDF_BYTES, type labelsChannels, type TemplateList } from '../../../shared/ipc/channels/labels.js';
import { defaultTemplates, LabelError, type LabelTemplate } from '../../../shared/labels/index.js';
import {
  exportPdf,
  exportZpl,
  keptSymbols,
  previewLabels,
  PrinterError,
  sendToPrinter,
  type LoadedTemplates,
  type TemplateStore,
} from '../../labels/index.js';
import type { ConfiguredPrinter } from '../../../shared/ipc/settings.js';
import { IpcFailure } from '../failure.js';
import type { HandlersFor } from '../types.js';

/**
 * Label failures the user can act on (a value a symbology cannot hold, a printer that refused)
 * become 'failed' with their message: LabelError lists every refused label, one per line.
 * Anything else stays an internal error, its text kept out of the renderer.
 */
async function explained<T>(run: () => Promise<T> | T): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof LabelError || error instanceof PrinterError) throw new IpcFailure('failed', error.message);
    throw error;
  }
}

/** Longest silence from a printer while connecting or sending. */
const PRINT_TIMEOUT_MS = 10_000;

const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Printers as Settings has them now: the only destinations main will open a connection to. */
export type PrinterList = () => readonly ConfiguredPrinter[];

export function labelsHandlers(store: TemplateStore, printers: PrinterList): HandlersFor<typeof labelsChannels> {
  const builtIn = defaultTemplates();
  const builtInIds = builtIn.map((t) => t.id);
  const previewSymbols = keptSymbols();

  // Built-ins the file lacks come back, so "remove" on a built-in resets it rather than losing it.
  const withBuiltIns = (saved: readonly LabelTemplate[]): LabelTemplate[] => [
    ...builtIn.filter((d) => !saved.some((t) => t.id === d.id)),
    ...saved,
  ];

  /**
   * The list as saved now. `earlier` is a recovery an earlier step of the same call met: only the
   * call that moved a corrupt file aside hears why, so its answer must carry the reason on.
   */
  async function list(earlier?: LoadedTemplates['recovered']): Promise<TemplateList> {
    const loaded = await store.load();
    return {
      templates: withBuiltIns(loaded.templates),
      builtIn: builtInIds,
      recovered: (loaded.recovered ?? earlier)?.reason ?? null,
    };
  }

  return {
    'labels.templates.list': () => list(),
    'labels.templates.save': async ({ template }) => list((await store.put(template)).recovered),
    'labels.templates.remove': async ({ id }) => {
      const { templates, recovered } = await store.load();
      if (!templates.some((t) => t.id === id)) {
        const missing = builtInIds.includes(id)
          ? 'That built-in template already has its default settings.'
          : `No saved template has the id "${id}".`;
        // The template may have been in the file this very call found unreadable: say so.
        throw new IpcFailure('failed', recovered ? `${missing} ${recovered.reason}` : missing);
      }
      return list((await store.remove(id)).recovered ?? recovered);
    },
    'labels.preview': (job) => previewLabels(job, previewSymbols),
    'labels.exportPdf': (job) =>
      explained(async () => {
        const { pdf, pages, notes } = await exportPdf(job);
        if (pdf.byteLength > MAX_PDF_BYTES) {
          throw new IpcFailure(
            'failed',
            `The PDF would be ${megabytes(pdf.byteLength)}, more than the ${megabytes(MAX_PDF_BYTES)} the app hands to the window at once; print these ${job.records.length} labels in smaller batches.`,
          );
        }
        return { pdfBase64: Buffer.from(pdf).toString('base64'), bytes: pdf.byteLength, pages, notes };
      }),
    'labels.exportZpl': (job) =>
      explained(async () => {
        // In turns: a 1,000-label export held every scan's answer for seconds.
        const { zpl, notes } = await exportZpl(job);
        return { zpl, labels: job.records.length, notes };
      }),
    'labels.sendToPrinter': ({ printerId, template, records }) => {
      const printer = printers().find((p) => p.id === printerId);
      if (!printer)
        throw new IpcFailure('failed', `No printer "${printerId}" is set up: add it in Settings → Label printers.`);
      const { host, port, dpi } = printer;
      return explained(() =>
        sendToPrinter({ template, records, printer: { host, port, dpi, timeoutMs: PRINT_TIMEOUT_MS } }),
      );
    },
  };
}
