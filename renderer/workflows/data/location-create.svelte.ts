import type { z } from 'zod';
import {
  createLocationsResponse,
  followedLocationResult,
  LOCATION_FOLLOW_MS,
  locationName,
  locationRequestOutcome,
  type CreatedLocation,
} from '../../../shared/api/locations.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import { fromIpcError, fromWriteError, type ShownError } from './lib/errors.js';
import { WriteTask } from './write-task.svelte.js';

export interface LocationDraft {
  key: number;
  name: string;
  parent: string;
}

/**
 * How long the panel waits for main's verdict: main follows the request for LOCATION_FOLLOW_MS from its
 * create's answer, which came before this wait began; the rest covers its last read.
 */
const WAIT_LIMIT_MS = LOCATION_FOLLOW_MS + 15_000;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Where the request ended, as its outbox entry says (main's follow), or null while that is not known. */
export type LocationOutcome = 'completed' | 'failed' | 'unsure' | null;

/**
 * Location creation is asynchronous on the service: the create call (queued in the outbox) answers
 * a requestId, and main follows the request (main/sync/reconcile.ts followLocationRequest) until it
 * completes or fails, or leaves the entry unsure. The panel shows each status it reads meanwhile, but
 * the outcome — the created uuids, the failure, "not confirmed" — is the entry's: one verdict, so the
 * panel never says made what the Outbox offers to send again.
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
  outcome = $state<LocationOutcome>(null);
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

  /**
   * Problems to fix before sending: a name within LOCATION_NAME_MAX (the spec caps no location name), and no
   * name twice under one parent — two "Shelf 1" in two freezers are two locations.
   */
  readonly problems = $derived.by(() => {
    const out: string[] = [];
    const names = this.drafts.map((d) => d.name.trim());
    if (names.every((n) => n === '')) out.push(NAME_ONE);
    const keys = this.drafts.map((d) => JSON.stringify([d.name.trim(), d.parent.trim()]));
    names.forEach((n, i) => {
      const checked = locationName.safeParse(n);
      if (n !== '' && !checked.success)
        out.push(`Location ${i + 1}: ${checked.error.issues[0]?.message ?? 'not a name'}.`);
      if (n !== '' && keys.indexOf(keys[i]!) !== i) {
        const parent = this.drafts[i]!.parent.trim();
        out.push(`Location ${i + 1}: "${n}" is listed twice ${parent ? `inside "${parent}"` : 'at the top level'}.`);
      }
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
    this.outcome = null;
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

  /**
   * Waits for main's verdict on the request (its entry), reading the request's status meanwhile to show it,
   * backing off from 300 ms to 2 s. Status reads stop once the service has said completed or failed: main
   * reads the same answer and settles the entry. Without a verdict in time (main was stopped, a very slow
   * service), what the service said last is shown and "Check again" is offered. Once main has left the entry
   * unsure, "Check again" reads the service once: the request may have completed since.
   */
  async poll(): Promise<void> {
    const requestId = this.requestId;
    if (!requestId || this.polling) return;
    this.polling = true;
    this.pollError = null;
    if (this.outcome === 'unsure') await this.#lookAfterUnsure(requestId);
    else await this.#wait(requestId);
    this.polling = false;
  }

  async #wait(requestId: string): Promise<void> {
    const deadline = Date.now() + WAIT_LIMIT_MS;
    let wait = 300;
    let said: 'completed' | 'failed' | 'in progress' = 'in progress';
    let answer: CreatedLocation[] = [];
    for (;;) {
      if (await this.#verdict()) return;
      if (said === 'in progress') {
        const r = await this.#api.invoke('lab.fetchLocationCreateStatus', { requestId });
        this.polls++;
        if (!r.ok) {
          // A read that failed is not the request failing: main still follows it, and its verdict stands.
          this.pollError = fromIpcError(r.error);
        } else {
          this.pollError = null;
          this.status = r.value.status;
          this.message = r.value.message ?? '';
          said = locationRequestOutcome(r.value.status);
          answer = r.value.result?.created ?? [];
          if (said !== 'in progress' && (await this.#verdict())) return;
        }
      }
      // No entry to take a verdict from (discarded here), or none in time: what the service said stands.
      if ((said !== 'in progress' && this.task.entryId === null) || Date.now() >= deadline)
        return this.#noVerdict(said, answer);
      await sleep(wait);
      wait = Math.min(2000, Math.round(wait * 1.5));
    }
  }

  async #lookAfterUnsure(requestId: string): Promise<void> {
    const r = await this.#api.invoke('lab.fetchLocationCreateStatus', { requestId });
    this.polls++;
    if (!r.ok) {
      this.pollError = fromIpcError(r.error);
      return;
    }
    this.status = r.value.status;
    this.message = r.value.message ?? '';
    const said = locationRequestOutcome(r.value.status);
    if (said === 'completed') {
      this.created = r.value.result?.created ?? [];
      this.outcome = 'completed';
      this.pollError = {
        text: 'The service has made it since the Outbox left this request unsure: discard that entry in the Outbox, do not send it again.',
      };
      return;
    }
    this.pollError = {
      text:
        said === 'failed'
          ? `The service says the request ended ${r.value.status}${this.message ? `: "${this.message}"` : ''}; nothing was made. Discard its entry in the Outbox, or send it again there.`
          : 'The service has still not finished this request. Look again later, or on the service.',
    };
  }

  /**
   * Takes main's verdict from the entry when it has one: true once shown. A create's entry is `done` from
   * its answer on; main's follow then leaves the created uuids on it, fails it, or leaves it unsure.
   */
  async #verdict(): Promise<boolean> {
    const id = this.task.entryId;
    if (id === null) return false;
    const r = await this.#api.invoke('outbox.await', { id, timeoutMs: 0 });
    if (!r.ok) return false;
    const { state, result, error } = r.value;
    if (state === 'done') {
      const followed = followedLocationResult.safeParse(result);
      if (!followed.success) return false;
      this.status = followed.data.status;
      this.created = followed.data.created;
      this.outcome = 'completed';
      this.pollError = null;
      return true;
    }
    if (state === 'failed' || state === 'uncertain') {
      this.outcome = state === 'failed' ? 'failed' : 'unsure';
      this.pollError = error ? fromWriteError(error) : { text: `The Outbox lists this request as ${state}.` };
      return true;
    }
    if (state === 'discarded' || state === 'cancelled') {
      this.outcome = 'unsure';
      this.pollError = { text: `The entry was ${state} in the Outbox: nothing more is known of this request here.` };
      return true;
    }
    return false;
  }

  /** No verdict from main in time: what the service said last, and whether to look again. */
  #noVerdict(said: 'completed' | 'failed' | 'in progress', answer: CreatedLocation[]): void {
    if (said === 'completed') {
      // The entry stays done, as its answer left it: the service's own list of what it made is shown.
      this.created = answer;
      this.outcome = 'completed';
      return;
    }
    if (this.pollError) return;
    this.pollError = {
      text:
        said === 'failed'
          ? `The service says the request ended ${this.status ?? ''}${this.message ? `: "${this.message}"` : ''}; its Outbox entry has not been settled yet.`
          : 'The service has not finished this request yet.',
      hint: 'Check again in a while; the Outbox entry says where it ended.',
    };
  }
}
