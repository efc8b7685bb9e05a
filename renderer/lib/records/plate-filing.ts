import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { PlateRecord } from '../../../shared/ipc/channels/plate-record.js';
import { call, notRecorded } from '../ipc/client.js';
import { notebookPageOf, pageShown } from './page-ref.js';

/** What a press of "Plate completed" did: the record filed and the page it went to, or why not. */
export type FilingOutcome =
  { filed: true; record: PlateRecord; page: string; said: string } | { filed: false; said: string };

/**
 * The presses of "Plate completed" of one screen. Each press is kept (its id) until main's answer is
 * seen: pressed again after an answer that never came (or a double click), main finds the record
 * already queued instead of queuing a second record and a second plate.completed event (not safe to
 * send twice). Per plate; `page`: the page it was first sent for.
 */
export class PlateFiling {
  private press: { plate: string; id: string; page: string } | null = null;

  constructor(private readonly api: () => BenchlinkApi) {}

  /** Builds the plate's record and queues it with the event (main, one commit), for the page `pageText` names. */
  async file(plate: { uuid: string; hrid: string }, pageText: string, readFrom: string): Promise<FilingOutcome> {
    const target = notebookPageOf(pageText);
    if ('problem' in target) return { filed: false, said: target.problem };
    const page = pageShown(target.ref);
    const pageKey = JSON.stringify(target.ref);
    if (this.press?.plate !== plate.uuid) this.press = { plate: plate.uuid, id: crypto.randomUUID(), page: pageKey };
    const sent = this.press;
    try {
      const record = await call(this.api(), 'plateRecord.file', {
        plateUuid: plate.uuid,
        page: target.ref,
        filing: sent.id,
        readFrom,
      });
      if (this.press === sent) this.press = null;
      const said = `${plate.hrid} completed: its record is queued for ${page} (3 files, the picture into the page, then the event)`;
      return { filed: true, record, page, said };
    } catch (e) {
      // A refusal queued nothing (one commit), so the same press is safe to send again; sent again after
      // main said the same record stands filed already, it files a second one, as the user then asks.
      // Sent for another page than it first was, main says where that press's record went (main refuses
      // it, so a record answered is always for the page sent): the next press is a new one, for the page
      // named now.
      if (this.press === sent && sent.page !== pageKey) this.press = null;
      return { filed: false, said: notRecorded(e) };
    }
  }
}
