import type { z } from 'zod';
import { createLocationsResponse } from '../../../shared/api/locations.js';
import { LOCATION_STATUS_COMPLETED, type CreatedLocation } from '../../../shared/api/locations.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import { fromIpcError, type ShownError } from './lib/errors.js';
import { WriteTask } from './write-task.svelte.js';

export interface LocationDraft {
  key: number;
  name: string;
  parent: string;
}

/** Time the panel keeps polling before it offers "check again" instead of spinning forever. */
const POLL_LIMIT_MS = 60_000;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Location creation is asynchronous on the service: the create call (queued in the outbox) answers
 * a requestId, then GET /location/create/status is polled until COMPLETED, showing each status.
 */
const NAME_ONE = 'Name at least one location.';

export class LocationCreator {
  drafts = $state<LocationDraft[]>([{ key: 1, name: '', parent: '' }]);
  readonly task: WriteTask<z.output<typeof createLocationsResponse>>;
  requestId = $state<string | null>(null);
  status = $state<string | null>(null);
  message = $state('');
  polls = $state(0);
  polling = $state(false);
  pollError = $state<ShownError | null>(null);
  created = $state<CreatedLocation[]>([]);
  #api: BenchlinkApi;
  #nextKey = 2;

  /** `readFrom`: the service the parents it names were read from (WriteTask). */
  constructor(api: BenchlinkApi, readFrom: string) {
    this.#api = api;
    this.task = new WriteTask(api, readFrom, (raw) => createLocationsResponse.safeParse(raw).data ?? null);
  }

  addDraft(): void {
    this.drafts.push({ key: this.#nextKey++, name: '', parent: '' });
  }

  removeDraft(index: number): void {
    this.drafts.splice(index, 1);
  }

  /** Problems to fix before sending: names are 1–30 characters and unique within the request. */
  readonly problems = $derived.by(() => {
    const out: string[] = [];
    const names = this.drafts.map((d) => d.name.trim());
    if (names.every((n) => n === '')) out.push(NAME_ONE);
    names.forEach((n, i) => {
      if (n.length > 30) out.push(`Location ${i + 1}: at most 30 characters.`);
      if (n !== '' && names.indexOf(n) !== i) out.push(`Location ${i + 1}: "${n}" is listed twice.`);
    });
    return out;
  });

  /** What to show: the empty form is not an error until something is typed (the button says it). */
  get shownProblems(): string[] {
    return this.problems.filter((p) => p !== NAME_ONE);
  }

  async create(): Promise<void> {
    if (this.problems.length > 0) return;
    this.created = [];
    this.status = null;
    this.requestId = null;
    // The last request's words and checks are not this one's.
    this.message = '';
    this.polls = 0;
    this.pollError = null;
    const locations = this.drafts
      .filter((d) => d.name.trim() !== '')
      .map((d) => ({ name: d.name.trim(), ...(d.parent.trim() ? { parent: d.parent.trim() } : {}) }));
    const answer = await this.task.submit({ type: 'location-create', request: { locations } });
    // Without a requestId there is nothing to poll; the task already says the answer was unexpected.
    if (!answer) return;
    this.requestId = answer.requestId;
    await this.poll();
  }

  /** Polls until COMPLETED (or the time limit), backing off from 300 ms to 2 s between checks. */
  async poll(): Promise<void> {
    const requestId = this.requestId;
    if (!requestId || this.polling) return;
    this.polling = true;
    this.pollError = null;
    const started = Date.now();
    let wait = 300;
    while (Date.now() - started < POLL_LIMIT_MS) {
      const r = await this.#api.invoke('lab.fetchLocationCreateStatus', { requestId });
      this.polls++;
      if (!r.ok) {
        this.pollError = fromIpcError(r.error);
        break;
      }
      this.status = r.value.status;
      this.message = r.value.message ?? '';
      if (r.value.status === LOCATION_STATUS_COMPLETED) {
        this.created = r.value.result?.created ?? [];
        break;
      }
      await sleep(wait);
      wait = Math.min(2000, Math.round(wait * 1.5));
    }
    this.polling = false;
  }
}
