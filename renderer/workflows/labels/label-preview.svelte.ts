import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import {
  MAX_LABELS_PER_JOB,
  type DrawnPreview,
  type LabelRecordInput,
  type LabelTemplate,
} from '../../../shared/labels/index.js';

/** Labels drawn; the rest are counted, so a 384-well plate does not put 384 symbols on the page. */
export const PREVIEW_DRAWN = 48;

export interface PreviewAsk {
  template: LabelTemplate;
  records: readonly LabelRecordInput[];
  /** 300 for the PDF, or the Zebra's: modules snap to its dots exactly as the output does. */
  dpi: 203 | 300 | 600;
}

/**
 * The preview as main draws it (the page holds no barcode encoder). One question at a time: while main
 * draws one, only the newest change waits, so typing a template's line asks main twice, not once a key;
 * an answer overtaken by a newer change is not shown, so the preview never shows a template the editor
 * no longer has. What is shown stays until the next answer replaces it.
 */
export class PreviewDrawing {
  shown = $state<DrawnPreview | null>(null);
  /** Why the last question got no preview (main not answering, a refused job): said in its place. */
  problem = $state<string | null>(null);
  /** A question is with main: what is shown may be a change behind. */
  drawing = $state(false);
  #waiting: PreviewAsk | null = null;

  constructor(readonly api: BenchlinkApi) {}

  ask(next: PreviewAsk): void {
    this.#waiting = next;
    if (!this.drawing) void this.#drawWaiting();
  }

  async #drawWaiting(): Promise<void> {
    this.drawing = true;
    try {
      while (this.#waiting) {
        const { template, records, dpi } = this.#waiting;
        this.#waiting = null;
        // A job is at most MAX_LABELS_PER_JOB labels, as every output's is; the count says the rest.
        const r = await this.api.invoke('labels.preview', {
          template,
          records: records.slice(0, MAX_LABELS_PER_JOB),
          dpi,
          drawn: PREVIEW_DRAWN,
        });
        if (this.#waiting) continue;
        this.shown = r.ok ? r.value : null;
        this.problem = r.ok ? null : `The preview could not be drawn: ${r.error.message}`;
      }
    } catch (error) {
      this.problem = `The preview could not be drawn: ${error instanceof Error ? error.message : String(error)}`;
    } finally {
      this.drawing = false;
    }
  }
}
