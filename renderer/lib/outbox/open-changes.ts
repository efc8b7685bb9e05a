import type { OpenChanges } from '../../../shared/ipc/channels/outbox.js';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const openTotal = (c: OpenChanges): number => c.waiting + c.failed + c.uncertain;

/**
 * A service's open changes in words, one phrase per kind, each saying what becomes of them: only the
 * waiting ones go by themselves when the user switches back; a failed one waits for a retry and an
 * uncertain one for the user's decision, so counting them as "waiting to be sent" promised too much.
 */
export function openChangesSaid(c: OpenChanges, label: string): string[] {
  const said: string[] = [];
  if (c.waiting > 0)
    said.push(
      `${count(c.waiting, 'change is', 'changes are')} waiting to be sent to ${label}: sent when you switch back to it in Settings`,
    );
  if (c.failed > 0)
    said.push(
      `${count(c.failed, 'failed change', 'failed changes')} for ${label}: not sent until you retry ${c.failed === 1 ? 'it' : 'them'} in the Outbox`,
    );
  if (c.uncertain > 0)
    said.push(
      `${count(c.uncertain, 'change', 'changes')} for ${label} may or may not have arrived: resend or mark done in the Outbox`,
    );
  return said;
}
