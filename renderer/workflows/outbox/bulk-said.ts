import type { BulkTab, RestoreDone } from '../../../shared/ipc/channels/outbox.js';
import type { ChannelResponse } from '../../../shared/ipc/contract.js';
import { DISCARDED_UPLOAD_COPY_KEPT_SAID } from '../../../shared/outbox/finished-kept.js';
import { capitalised } from '../../../shared/sentence-case.js';

/** A tab's entries counted in its own words: "312 refused changes", "1 change that needs a look". */
const WHAT: Record<BulkTab, { one: string; many: string }> = {
  refused: { one: 'refused change', many: 'refused changes' },
  failed: { one: 'failed change', many: 'failed changes' },
  held: { one: 'change that needs a look', many: 'changes that need a look' },
  superseded: { one: 'change set aside', many: 'changes set aside' },
};

export const changesSaid = (n: number, tab: BulkTab): string => `${n} ${n === 1 ? WHAT[tab].one : WHAT[tab].many}`;
const changes = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'}`;
const they = (n: number) => (n === 1 ? 'it' : 'they');
const them = (n: number) => (n === 1 ? 'it' : 'them');
const was = (n: number) => (n === 1 ? 'was' : 'were');

/** The buttons a tab offers for all its entries, by main's count of the whole tab (not only those listed). */
export function bulkOffers(tab: BulkTab, total: number): { discard: string; retry: string | null } {
  return { discard: `Discard all ${total}…`, retry: tab === 'failed' ? `Retry all ${total}` : null };
}

/** How long a discarded file upload can be put back: its staged copy is kept so long (main's rule). */
const UPLOAD_KEPT_SAID = `for ${DISCARDED_UPLOAD_COPY_KEPT_SAID} only`;

/**
 * What "Discard all" asks first: how many, and what is lost. `asked`: the entries named (main's ids), of
 * `total` in the tab (more than one Discard takes: the oldest go first, the others stay); `uploads`: how many
 * of those asked are file uploads, which an Undo puts back only while their staged copy is kept.
 */
export function discardAllQuestion(tab: BulkTab, asked: number, total: number, uploads = 0): string {
  const cut = asked < total ? ` These are the oldest ${asked} of ${total}; the others stay.` : '';
  const which =
    uploads === 0
      ? ''
      : uploads === 1
        ? ` ${asked === 1 ? 'As a file upload, it' : 'The file upload among them'} can be put back ${UPLOAD_KEPT_SAID}: the copy of the file kept for sending it is removed then.`
        : ` ${uploads >= asked ? 'As file uploads, they' : `The ${uploads} file uploads among them`} can be put back ${UPLOAD_KEPT_SAID}: the copies of the files kept for sending them are removed then.`;
  return `Discard ${changesSaid(asked, tab)}? ${capitalised(they(asked))} will never be sent to the service.${cut} Undo (Ctrl+Z) right after puts ${them(asked)} back.${which}`;
}

/** What a row's Discard of a file upload did: its Undo is offered, bound by how long its copy is kept. */
export const UPLOAD_DISCARDED_SAID = `Discarded. A file upload can be put back ${UPLOAD_KEPT_SAID}: the copy of the file kept for sending it is removed then.`;

/** Said when a tab has nothing left to discard or retry by the time it is asked (settled meanwhile). */
export const nothingLeftSaid = (tab: BulkTab): string =>
  `Nothing to do: no ${WHAT[tab].many} are left (sent, retried or discarded meanwhile).`;

/** Said while main does a bulk action, so a long one reads as working, not stuck. */
export const workingSaid = (what: 'discard' | 'retry', n: number, tab: BulkTab): string =>
  `${what === 'discard' ? 'Discarding' : 'Retrying'} ${changesSaid(n, tab)}…`;

/** Said while main puts back what a Discard took out. */
export const UNDOING_SAID = 'Putting back what was discarded…';

/** What "Discard all" did, with each entry it left as it is and why (retried meanwhile, being sent right now). */
export function discardedAllSaid(tab: BulkTab, r: ChannelResponse<'outbox.discardMany'>): string {
  const said: string[] = [
    r.discarded === 0
      ? 'Nothing was discarded.'
      : `Discarded ${changesSaid(r.discarded, tab)}: ${they(r.discarded)} will never be sent.`,
  ];
  if (r.sending > 0)
    said.push(
      `${r.sending} ${was(r.sending)} not discarded: being sent right now (retried meanwhile); if ` +
        `${r.sending === 1 ? 'it fails, it comes' : 'any fail, they come'} back here.`,
    );
  if (r.waiting > 0) said.push(`${r.waiting} ${was(r.waiting)} not discarded: retried meanwhile, waiting to be sent.`);
  if (r.sent > 0) said.push(`${r.sent} ${was(r.sent)} sent meanwhile.`);
  if (r.other > 0)
    said.push(
      `${r.other} ${was(r.other)} left as ${r.other === 1 ? 'it is' : 'they are'}: settled otherwise meanwhile ` +
        `(${r.other === 1 ? 'its row says' : 'their rows say'} how).`,
    );
  return said.join(' ');
}

/**
 * What the Failed tab's "Retry all" did: what goes again, and what did not, and where to read why. `rest`:
 * the tab's entries beyond what one Retry all takes (MAX_BULK, the oldest first), still failed.
 */
export function retriedAllSaid(r: ChannelResponse<'outbox.retryMany'>, rest = 0): string {
  // What went with them: an earlier entry they need, or one that failed only for want of them.
  const withThem =
    r.along === 0
      ? ''
      : `, with ${changes(r.along)} ${r.retried === 1 ? 'it needs or that wait for it' : 'they need or that wait for them'}`;
  const said: string[] = [
    r.retried === 0 ? 'Nothing was retried.' : `${changesSaid(r.retried, 'failed')} will be tried again${withThem}.`,
  ];
  if (r.refused > 0)
    said.push(
      `${r.refused} could not be retried: ${r.refused === 1 ? 'its row says' : 'their rows say'} why and what to do.`,
    );
  if (r.left > 0) said.push(`${r.left} ${was(r.left)} no longer failed (retried, sent or discarded meanwhile).`);
  if (rest > 0)
    said.push(
      `${rest} more ${rest === 1 ? 'was' : 'were'} not asked about (one Retry all takes the oldest only): ` +
        `${rest === 1 ? 'it is' : 'they are'} still failed. Press Retry all again for ${them(rest)}.`,
    );
  return said.join(' ');
}

/** What an Undo of a Discard, or a Restore, did: what is back as it was, and what is not and why. */
export function restoredSaid(r: RestoreDone): { text: string; ok: boolean } {
  const said: string[] = [];
  if (r.restored > 0)
    said.push(`Put back ${changes(r.restored)} as ${r.restored === 1 ? 'it was' : 'they were'}: nothing was sent.`);
  // Those failed along are never made sendable by a restore (main's rule): the user's Retry sends them.
  if (r.along > 0)
    said.push(
      `${changes(r.along)} that waited for ${them(r.restored)} ${r.along === 1 ? 'stays' : 'stay'} failed: ` +
        `${r.along === 1 ? 'its row says' : 'their rows say'} how what ${r.along === 1 ? 'it waits' : 'they wait'} ` +
        `for stands now; retry ${r.along === 1 ? 'it' : 'them'} once that is settled.`,
    );
  const refused = r.notRestored.reduce((n, x) => n + x.n, 0);
  for (const { why, n } of r.notRestored)
    // One alone is said by its reason; several by how many, then the reason they share.
    said.push(refused === 1 && r.restored === 0 ? why : `${n} ${n === 1 ? 'was' : 'were'} not put back. ${why}`);
  if (said.length === 0) said.push('Nothing to put back: it was put back already.');
  return { text: said.join(' '), ok: refused === 0 };
}

/** The Discarded tab's line: a glance back, the latest first. */
export const discardedTabSaid = (limit: number): string =>
  `The ${limit} most recently discarded, the latest first. Restore puts one back as it was, if nothing else ` +
  'has happened to it; one that cannot go back says why.';
