import { typedCode } from '../../../shared/barcode/aim.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import { positionsInOrder } from '../../../shared/layout/positions.js';
import { unknownUsed } from '../../../shared/plate-map/unknown-used.js';
import { call } from '../../lib/ipc/client.js';
import { counted } from '../../lib/format/counted.js';
import { drawForFilling } from '../../lib/plate-map/well-view.js';
import { missingSaid, samplesOf, sampleUuids } from './link-samples.js';

/** What a press of "Link plate samples" did: queued the link, or why not (ok false). */
export interface LinkOutcome {
  ok: boolean;
  said: string;
}

/**
 * The plate, the service it was read from, and the screen's labsheet: the one a well's tube is a row of
 * when the plate does not say (each well's sample names its own labsheet).
 */
export interface LinkFrom {
  plate: { uuid: string; hrid: string };
  service: string;
  labsheet: string;
}

/**
 * The presses of "Link plate samples" of one screen. A labflow link is not safe to send twice (each
 * one adds a test step per sample on the service), so a link of the same samples to the same labflow
 * and test that this screen queued already, and has not failed or been taken out since, is not sent
 * again unasked; nor is one that would leave out samples this computer cannot name (wells another
 * bench filled, on a service that lists none, or a plate read from its saved copy). Either is said,
 * and the same press again goes ahead: the user asked for it.
 */
export class LabflowLinks {
  /** Links queued from here, by what they link (linkKey): the entry that sends each. */
  readonly #sent = new Map<string, number>();
  /** The link last refused with a question (its key and why): pressed again as it is, it goes. */
  #asked: string | null = null;

  constructor(private readonly api: () => BenchlinkApi) {}

  async link(from: LinkFrom, labflowText: string, testText: string): Promise<LinkOutcome> {
    // What was checked is what is sent: "LF-0001 " named no labflow on the service.
    const labflowId = typedCode(labflowText);
    const testId = typedCode(testText);
    if (!labflowId || !testId) return { ok: false, said: 'Not linked: give the labflow and the test (their ids)' };
    const api = this.api();
    // Read fresh, as "Plate completed" is: the screen's drawing may be older than the plate.
    const m = await call(api, 'cache.manifest', { uuid: from.plate.uuid });
    if (!m) return { ok: false, said: `Not linked: ${from.plate.hrid} is not known here (open it once while online)` };
    const { uuids, missing } = await sampleUuids(
      api,
      samplesOf(drawForFilling(positionsInOrder(m, 'row-major'), m), from.labsheet),
    );
    if (missing.length > 0) return { ok: false, said: `Not linked: ${missingSaid(missing)}` };
    if (uuids.length === 0) return { ok: false, said: 'No samples on this plate to link' };

    const key = JSON.stringify([from.service, from.plate.uuid, labflowId, testId, [...uuids].sort()]);
    const doubts: string[] = [];
    const before = this.#sent.get(key);
    if (before !== undefined && (await this.#stands(before)))
      doubts.push(
        `Linked already: these ${counted(uuids.length, 'sample')} of ${from.plate.hrid} were queued for ${labflowId} / ${testId} ` +
          `from here (Outbox entry #${before}), and a second link adds a second test step to each.`,
      );
    const unknown = m.fromCache ? null : unknownUsed(m);
    if (m.fromCache)
      doubts.push(
        `${from.plate.hrid} was read from the copy saved when the service was last reached, so samples other ` +
          `benches put in it since are not known here; only the ${counted(uuids.length, 'sample')} this computer knows would be linked.`,
      );
    else if (unknown === null)
      doubts.push(
        `The service does not say which wells of ${from.plate.hrid} hold samples, so other benches' samples are not ` +
          `known here; only the ${counted(uuids.length, 'sample')} this computer knows would be linked.`,
      );
    else if (unknown > 0)
      doubts.push(
        `${counted(unknown, 'used well')} of ${from.plate.hrid} hold${unknown === 1 ? 's' : ''} samples ` +
          `this computer cannot name; only the ${counted(uuids.length, 'sample')} it knows would be linked.`,
      );
    const asked = JSON.stringify([key, doubts]);
    if (doubts.length > 0 && this.#asked !== asked) {
      this.#asked = asked;
      return { ok: false, said: `Not linked: ${doubts.join(' ')} Press again to link them anyway.` };
    }
    this.#asked = null;
    const { id } = await call(api, 'outbox.enqueue', {
      intent: { type: 'labflow-link', request: { labflowId, protocoltemplateId: testId, sampleUuids: uuids } },
      readFrom: from.service,
    });
    this.#sent.set(key, Number(id));
    return { ok: true, said: `${counted(uuids.length, 'sample')} queued for ${labflowId} / ${testId}` };
  }

  /**
   * Whether the entry of a link queued from here still goes or went: not failed, nor taken out. One the
   * outbox no longer keeps was sent (only finished entries are pruned). Read by its id, without waiting:
   * the Outbox's list, read for one entry, cost main a listing of thousands and missed older ones.
   */
  async #stands(id: number): Promise<boolean> {
    const e = await call(this.api(), 'outbox.await', { id, timeoutMs: 0 });
    return e.gone === true || !['failed', 'discarded', 'cancelled'].includes(e.state);
  }
}
