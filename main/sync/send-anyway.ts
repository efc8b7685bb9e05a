import type { Outbox } from '../outbox/outbox-store.js';
import type { OutboxEntry } from '../outbox/entry.js';
import { isHeldForLook } from '../../shared/ipc/channels/outbox.js';

/**
 * Whether "Send anyway" on this entry sends every change held on its plate (heldOnPlate), not it alone: a
 * well change held for a look on the service in use. They share one lane and one reading, and one sent
 * while an earlier one in its lane stays held would go out of order. A held row change goes alone (the
 * other rows held in its labsheet's lane are other rows, each to look at); so does one held for another
 * service (only put back in its queue, to be checked again once that service is in use).
 */
export function sendsWithPlate(
  outbox: Pick<Outbox, 'currentService'>,
  e: Pick<OutboxEntry, 'state' | 'lastError' | 'service' | 'type'>,
): boolean {
  return (
    isHeldForLook(e.state, e.lastError) &&
    e.service === outbox.currentService() &&
    (e.type === 'well-set' || e.type === 'well-remove')
  );
}

/**
 * The changes held for a look in a plate's lane: what "Send anyway" on one of them sends (sendsWithPlate).
 * The Outbox counts them by this same rule on the button, so what it says is what goes.
 */
export function heldOnPlate(outbox: Pick<Outbox, 'entriesOf'>, target: string): OutboxEntry[] {
  return outbox.entriesOf(target, 'failed').filter((x) => isHeldForLook(x.state, x.lastError));
}

/**
 * The user's "send again" on entry `id` (SyncEngine.retry), done in the outbox; answers whether anything
 * was put back to go. For a plate held because it changed elsewhere this is "send anyway": the plate as
 * read then is accepted and every change held with it goes.
 */
export function putBackToSend(outbox: Outbox, id: number): boolean {
  const e = outbox.get(id);
  if (!e) return false;
  // The plate as read at the hold is that service's plate: an entry waiting for another service is
  // only put back in its queue, and is checked again (and may be held again) once that one is in use.
  const plateHeld = sendsWithPlate(outbox, e);
  const heldWith = plateHeld ? heldOnPlate(outbox, e.target) : [];
  // The latest reading among the held entries, and only if nothing later was recorded since (this
  // computer's own write after the hold): an older reading would hold them again at once.
  const latest = heldWith
    .map((x) => x.lastError!)
    .filter((err) => err.plate !== undefined)
    .sort((a, b) => b.at - a.at)[0];
  if (latest) outbox.acceptPlate(e.target, latest.plate!, latest.at);
  // A row change sent anyway goes without the value it was based on, for good: kept, the next try after
  // a 503 or a spell offline checked it again and held it for the same look (row-check.ts).
  if (isHeldForLook(e.state, e.lastError) && e.intent.type === 'row-update' && e.intent.basis !== undefined) {
    const { basis: _accepted, ...sentAnyway } = e.intent;
    return outbox.replace(id, sentAnyway);
  }
  const ids = plateHeld ? heldWith.map((x) => x.id) : [id];
  return ids.map((x) => outbox.retry(x)).some(Boolean);
}
