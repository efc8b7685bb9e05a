import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import { FILED_ALREADY, type PageRef, type PlateRecord } from '../../../shared/ipc/channels/plate-record.js';
import { placeUuidOfTarget, plateLaneOf } from '../../../shared/outbox/intent-meta.js';
import { call, IpcCallError, messageOf, notRecorded } from '../ipc/client.js';
import { notebookPageNamed, pageShown } from './page-ref.js';

/**
 * What a press of "Plate completed" did: the record filed and the page it went to (`page` as the bench
 * reads it, `ref` as it was sent, `text` as it was scanned or typed), or why not.
 */
export type FilingOutcome =
  | { filed: true; record: PlateRecord; page: string; ref: PageRef; text: string; said: string }
  | { filed: false; said: string };

/** A press kept until main's answer is seen, and how to stop watching its plate for edits. */
interface Press {
  plate: string;
  id: string;
  page: string;
  stopWatching: () => void;
}

/**
 * The presses of "Plate completed" of one screen. Each press is kept (its id) until main's answer is
 * seen: pressed again after an answer that never came (or a double click), main finds the record
 * already queued instead of queuing a second record and a second plate.completed event (not safe to
 * send twice). Per plate; `page`: the page it was first sent for. A press is let go once the plate is
 * edited (a well change queued, undone or discarded, from here or another window): its record stated
 * the plate before that, and the same press sent again was answered with it as queued.
 */
export class PlateFiling {
  private press: Press | null = null;

  constructor(private readonly api: () => BenchlinkApi) {}

  /** Builds the plate's record and queues it with the event (main, one commit), for the page `pageText` names. */
  async file(plate: { uuid: string; hrid: string }, pageText: string, readFrom: string): Promise<FilingOutcome> {
    const target = await notebookPageNamed(this.api(), pageText);
    if ('problem' in target) return { filed: false, said: target.problem };
    const page = pageShown(target.ref);
    const pageKey = JSON.stringify(target.ref);
    const sent = this.press?.plate === plate.uuid ? this.press : this.#start(plate, pageKey);
    try {
      const record = await call(this.api(), 'plateRecord.file', {
        plateUuid: plate.uuid,
        page: target.ref,
        filing: sent.id,
        readFrom,
      });
      this.#drop(sent);
      const said = `${plate.hrid} completed: its record is queued for ${page} (3 files, the picture into the page, then the event)`;
      return { filed: true, record, page, ref: target.ref, text: pageText.trim(), said };
    } catch (e) {
      // A refusal queued nothing (one commit), so the same press is safe to send again; sent again after
      // main said the same record stands filed already, it files a second one, as the user then asks.
      // Sent for another page than it first was, main says where that press's record went (main refuses
      // it, so a record answered is always for the page sent): the next press is a new one, for the page
      // named now. So is the next after main says this press can file nothing more (`expired`: what it
      // filed was taken out, or states a change that did not happen).
      const spent = e instanceof IpcCallError && e.error.code === 'expired';
      if (sent.page !== pageKey || spent) this.#drop(sent);
      return { filed: false, said: messageOf(e).startsWith(FILED_ALREADY) ? messageOf(e) : notRecorded(e) };
    }
  }

  /** Lets go of the press kept, if any (the screen is closed). */
  stop(): void {
    if (this.press) this.#drop(this.press);
  }

  #start(plate: { uuid: string; hrid: string }, page: string): Press {
    if (this.press) this.#drop(this.press);
    const press: Press = { plate: plate.uuid, id: crypto.randomUUID(), page, stopWatching: () => undefined };
    press.stopWatching = this.#onEdit(plate, () => this.#drop(press));
    this.press = press;
    return press;
  }

  #drop(press: Press): void {
    press.stopWatching();
    if (this.press === press) this.press = null;
  }

  /**
   * Calls `edited` once a change of the plate's wells is queued (an entry new since watching began: one
   * sent again after a failed try is no edit), undone or discarded, in its lanes: its well changes (by
   * uuid or hrid) and moves into its wells. Answers the unsubscribe.
   */
  #onEdit(plate: { uuid: string; hrid: string }, edited: () => void): () => void {
    const lanes = new Set([plateLaneOf({ uuid: plate.uuid }), plateLaneOf({ hrid: plate.hrid })]);
    // Entry ids only grow: a change made waiting with an id above any seen is a new entry.
    let newest = 0;
    return this.api().subscribe('outbox.changed', ({ changes }) => {
      for (const c of changes) {
        const ofPlate = lanes.has(c.target) || placeUuidOfTarget(c.target) === plate.uuid;
        const edit = c.state === 'cancelled' || c.state === 'discarded' || (c.state === 'pending' && c.id > newest);
        newest = Math.max(newest, c.id);
        if (ofPlate && edit) return edited();
      }
    });
  }
}
