import type { OpenChanges } from '../../../shared/ipc/channels/outbox.js';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const openTotal = (c: OpenChanges): number => c.waiting + c.failed + c.uncertain;

/**
 * A service's open changes in words, one phrase per kind, each saying what becomes of them: only the
 * waiting ones go by themselves when the user switches back; a failed one waits for a retry and an
 * uncertain one for the user's decision, so counting them as "waiting to be sent" promised too much.
 * The Outbox lists only the service in use's entries, so both are reached by switching back first.
 */
export function openChangesSaid(c: OpenChanges, label: string): string[] {
  const said: string[] = [];
  if (c.waiting > 0)
    said.push(
      `${count(c.waiting, 'change is', 'changes are')} waiting to be sent to ${label}: sent when you switch back to it in Settings`,
    );
  if (c.failed > 0)
    said.push(
      `${count(c.failed, 'failed change', 'failed changes')} for ${label}: not sent until you switch back to it in Settings and retry ${c.failed === 1 ? 'it' : 'them'} in the Outbox`,
    );
  if (c.uncertain > 0)
    said.push(
      `${count(c.uncertain, 'change', 'changes')} for ${label} may or may not have arrived: switch back to it in Settings, then resend or mark done in the Outbox`,
    );
  return said;
}

/** The offer after a service's open changes: one change is "it", never "them". */
export const discardOffer = (c: OpenChanges): string => (openTotal(c) === 1 ? 'discard it' : 'discard them');

/** A service's changes as main counts them for "discard them" (the rule it discards by is main's). */
export interface DiscardCount {
  label: string;
  /** What the discard gives up now. */
  discardable: number;
  /** In flight: left alone, they settle by themselves. */
  sending: number;
}

/**
 * What "discard them" asks first, or, when nothing can be discarded now, what to tell instead. Changes
 * in flight are never discarded, so the question counts only the others and says the rest will go on.
 */
export function discardQuestion(c: DiscardCount): { ask: string } | { tell: string } {
  const one = c.sending === 1;
  const after = `if ${one ? 'it fails' : 'any fail'}, ${one ? 'it stays' : 'they stay'} here to retry or discard.`;
  if (c.discardable === 0)
    return {
      tell:
        c.sending === 0
          ? `Nothing to discard: no changes for ${c.label} are left.`
          : `Nothing to discard now: ${count(c.sending, 'change', 'changes')} for ${c.label} ${one ? 'is' : 'are'} being sent right now; ${after}`,
    };
  const ask = `Discard the ${count(c.discardable, 'change', 'changes')} kept for ${c.label}? ${c.discardable === 1 ? 'It' : 'They'} will never be sent.`;
  if (c.sending === 0) return { ask };
  const inFlight = `${count(c.sending, 'change is', 'changes are')} being sent to ${c.label} right now and will not be discarded: ${after}`;
  return { ask: `${ask}\n\n${inFlight}` };
}

/** What the discard did, in the words of the question. */
export const discardedSaid = (n: number, label: string): string =>
  n === 0
    ? `Nothing was discarded: the changes for ${label} were sent or settled meanwhile.`
    : `Discarded ${count(n, 'change', 'changes')} kept for ${label}; ${n === 1 ? 'it' : 'they'} will never be sent.`;
