import { describe, expect, it } from 'vitest';
import { watchedCall } from '../../../../../renderer/lib/ipc/host-liveness.js';

const AT = 1_000;
const never = () => undefined;

/** What the contract's marks make of a call: when main is due to answer it, and whether it may be given up. */
const waits = (channel: Parameters<typeof watchedCall>[0], payload: unknown) => {
  const w = watchedCall(channel, payload, AT, never);
  return { dueAt: w.dueAt, mayGiveUp: w.giveUp !== undefined };
};

describe('how long the page waits on main, by what each call does', () => {
  it('a call that changes something, or is a scan, waits for main however long it takes', () => {
    expect(waits('outbox.syncNow', {})).toEqual({ dueAt: AT, mayGiveUp: false });
    expect(waits('scanner.test', { text: 'PLT000001' })).toEqual({ dueAt: AT, mayGiveUp: false });
    expect(waits('cache.setTemplateLayout', { template: 'Box 9x9', rows: 9, columns: 9 })).toEqual({
      dueAt: AT,
      mayGiveUp: false,
    });
  });

  it('a file dialog is held until the person is done: never due, so never pinged for nor given up', () => {
    expect(waits('files.pickForUpload', { multiple: true })).toEqual({ dueAt: Infinity, mayGiveUp: true });
    // outbox.await, the other held call, is due at its own timeout as before.
    expect(waits('outbox.await', { id: 1, timeoutMs: 500 })).toEqual({ dueAt: AT + 500, mayGiveUp: true });
  });
});
