import { latestOnly } from '../../lib/latest.js';
import { SEQUENCE_PAGE_SIZE_DEFAULT, type Sequence } from '../../../shared/api/sequences.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import { fromIpcError, type ShownError } from './lib/errors.js';

export interface SequenceSummary {
  name: string;
  type: string | undefined;
  uuid: string;
}

/** The sequence listing (pages from 0, as the service counts them) and the one sequence on view. */
export class SequenceBrowser {
  items = $state<SequenceSummary[]>([]);
  total = $state(0);
  /** 0-based, as GET /sequences counts pages. */
  page = $state(0);
  pageSize = $state(SEQUENCE_PAGE_SIZE_DEFAULT);
  loading = $state(false);
  error = $state<ShownError | null>(null);

  current = $state<Sequence | null>(null);
  currentError = $state<ShownError | null>(null);
  currentLoading = $state(false);

  readonly pages = $derived(Math.max(1, Math.ceil(this.total / this.pageSize)));
  #api: BenchlinkApi;
  readonly #views = latestOnly();

  constructor(api: BenchlinkApi) {
    this.#api = api;
  }

  #requested = false;
  /** First page the first time the tab opens; paging and ↻ load on request after that. */
  ensureLoaded(): Promise<void> {
    if (this.#requested) return Promise.resolve();
    this.#requested = true;
    return this.load(0);
  }

  async load(page = this.page): Promise<void> {
    this.loading = true;
    const r = await this.#api.invoke('lab.listSequences', { page, pageSize: this.pageSize });
    this.loading = false;
    if (!r.ok) {
      this.error = fromIpcError(r.error);
      return;
    }
    this.error = null;
    this.page = page;
    this.items = r.value.items.map((i) => ({ name: i.name, type: i.type, uuid: i.uuid }));
    // A service that leaves `total` out: count what has been seen, and one more page while pages come full.
    this.total =
      r.value.total ?? page * this.pageSize + r.value.items.length + (r.value.items.length === this.pageSize ? 1 : 0);
  }

  /**
   * Reads one sequence the current way (GET /sequences?name=), not the deprecated fetch. With `uuid`
   * (an item of the list) the one with that uuid: two sequences may share a name, and the name's answer
   * is one of them (the first was shown, and attached, for the second). When the answer is another
   * sequence, or none, it is read by its uuid (the deprecated fetch is the only read by uuid).
   */
  async view(name: string, uuid?: string): Promise<void> {
    const current = this.#views.begin();
    this.currentLoading = true;
    let r = await this.#api.invoke('data.findSequenceByName', { name });
    if (uuid !== undefined && (!r.ok || r.value.sequence.uuid !== uuid) && current())
      r = await this.#api.invoke('lab.fetchSequence', { uuid });
    if (!current()) return;
    this.currentLoading = false;
    if (!r.ok) {
      this.current = null;
      this.currentError = fromIpcError(r.error);
      return;
    }
    this.currentError = null;
    const read = r.value.sequence;
    // The spec lets a single read leave `type` out: without the list's, a protein was shown in bp with a GC %.
    const listed = this.items.find((i) => i.uuid === read.uuid)?.type;
    this.current = read.type === undefined && listed !== undefined ? { ...read, type: listed } : read;
  }
}
