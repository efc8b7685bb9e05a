import type { OpenChanges } from '../../../shared/ipc/channels/outbox.js';
import { countedStateSaid } from '../../../shared/outbox-words/shown-state.js';
import { discardUnsureWarning, unsureChoiceSaid } from '../../../shared/outbox-words/unsure-choices.js';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const them = (n: number) => (n === 1 ? 'it' : 'them');

export const openTotal = (c: OpenChanges): number =>
  c.waiting + c.failed + c.held + c.refused + c.superseded + c.uncertain;

/**
 * A service's open changes in words, one phrase per kind, each saying what becomes of them in the words of
 * the Outbox's own choices for them: only the waiting ones go by themselves when the user switches back; a
 * failed one waits for a retry, one that needs a look for "Send anyway", a refused one for a correction
 * (a retry unchanged is refused again), one set aside for a newer change for nothing but a discard, and
 * an uncertain one for the user's look and decision, so counting them as "waiting to be sent", or all as
 * "retry them", promised too much. The Outbox lists only the service in use's entries, so each is reached
 * by switching back first.
 */
export function openChangesSaid(c: OpenChanges, label: string): string[] {
  const back = 'switch back to it in Settings';
  const said: string[] = [];
  if (c.waiting > 0)
    said.push(`${count(c.waiting, 'change is', 'changes are')} waiting to be sent to ${label}: sent when you ${back}`);
  if (c.failed > 0)
    said.push(
      `${count(c.failed, 'failed change', 'failed changes')} for ${label}: not sent until you ${back} and retry ${them(c.failed)} in the Outbox`,
    );
  if (c.held > 0)
    said.push(
      `${count(c.held, 'change', 'changes')} for ${label} ${countedStateSaid(c.held, 'held')} (what it changes was changed on the service since it was made): ${back}, then send ${them(c.held)} anyway or discard ${them(c.held)} in the Outbox`,
    );
  if (c.refused > 0)
    said.push(
      `${count(c.refused, 'change', 'changes')} for ${label} ${countedStateSaid(c.refused, 'refused')} by the service: ${back}, then correct (Edit) or discard ${them(c.refused)} in the Outbox`,
    );
  if (c.superseded > 0)
    said.push(
      `${count(c.superseded, 'change', 'changes')} for ${label} ${countedStateSaid(c.superseded, 'superseded')} for newer ones and never to be sent: ${back}, then discard ${them(c.superseded)} in the Outbox`,
    );
  if (c.uncertain > 0)
    said.push(
      `${count(c.uncertain, 'change', 'changes')} for ${label} may or may not have arrived: ${back}, look for ${them(c.uncertain)} on the service, then choose "${unsureChoiceSaid('mark-done')}" or "${unsureChoiceSaid('resend')}" in the Outbox`,
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
  /** Of the discardable, those that may have arrived: discarding does not take them back. */
  uncertain?: number;
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
  const unsure = c.uncertain ? ` ${discardUnsureWarning(c.uncertain, c.discardable)}` : '';
  const ask = `Discard the ${count(c.discardable, 'change', 'changes')} kept for ${c.label}? ${c.discardable === 1 ? 'It' : 'They'} will never be sent.${unsure}`;
  if (c.sending === 0) return { ask };
  const inFlight = `${count(c.sending, 'change is', 'changes are')} being sent to ${c.label} right now and will not be discarded: ${after}`;
  return { ask: `${ask}\n\n${inFlight}` };
}

/** What the discard did, in the words of the question. */
export const discardedSaid = (n: number, label: string): string =>
  n === 0
    ? `Nothing was discarded: the changes for ${label} were sent or settled meanwhile.`
    : `Discarded ${count(n, 'change', 'changes')} kept for ${label}; ${n === 1 ? 'it' : 'they'} will never be sent.`;
