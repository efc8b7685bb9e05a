/**
 * A request the service (or something in front of it) drops every time after it was sent, while it
 * answers everything else: the entry is retried a bounded number of times and then waits for the user
 * with the reason. Nothing is retried for ever. Against the real sandbox over HTTP; the fault proxy drops
 * the row update's connection after the sandbox answered it, every time.
 */
import { describe, expect, it } from 'vitest';
import { MAX_ANSWERED_FAILURES } from '../../../main/sync/classify.js';
import { startedPerTest, startStack, until } from './stack.js';

const ROWS = '/labsheets/update-rows-by-id';
const notes = (id: string, text: string) =>
  ({ type: 'row-update', labsheet: 'Samples', idColumn: 'Sample ID', id, changes: { Notes: text } }) as const;

describe('a row update whose connection is dropped after sending, every time, while the service answers', () => {
  // The engine on its own, as in the app: it goes offline after the drops, its probe (a labsheet list,
  // answered) brings it back, and it sends again.
  const { stack: s } = startedPerTest('dropped-after-', (dir) =>
    startStack(dir, { probeIntervalMs: 20, offlineAfter: 2 }),
  );

  it('is sent a bounded number of times, then fails with why and waits for the user', async () => {
    s.proxy.setFaults([{ path: ROWS, fault: { kind: 'reset-after' } }]);
    const id = s.outbox.enqueue(notes('S-0020', 'dropped every time'));
    const hook = s.outbox.enqueue({ type: 'webhook', payload: { event: 'after the dropped one' } });
    s.engine.start();
    // On the old code the entry stayed pending and was sent again after every probe, without end.
    await until(() => s.outbox.get(id)!.state === 'failed' || s.forwarded(ROWS) > 40, 20_000, 'the entry to end');
    const entry = s.outbox.get(id)!;
    expect(entry.state).toBe('failed');
    expect(s.forwarded(ROWS)).toBe(MAX_ANSWERED_FAILURES);
    expect(entry.lastError?.message).toBe(
      `Stopped after ${MAX_ANSWERED_FAILURES} failed attempts: the service was reachable; the connection ` +
        'was dropped each time after this was sent.',
    );
    // Held meanwhile, as for any silence (a network going away looks the same at first), the others go then.
    await until(() => s.outbox.get(hook)!.state === 'done', 10_000, 'the webhook after it');
  });

  it('a plate change (a batched write) ends the same way, sent whole each time, not split', async () => {
    s.proxy.setFaults([{ path: '/manifest/update', fault: { kind: 'reset-after' } }]);
    const ids = ['E1', 'E2', 'E3', 'E4'].map((position, i) =>
      s.outbox.enqueue({
        type: 'well-set',
        manifest: { hrid: 'PL-0001' },
        position,
        sample: { id: `S-00${81 + i}`, labsheet: 'Samples' },
      }),
    );
    s.engine.start();
    await until(
      () => ids.every((id) => s.outbox.get(id)!.state === 'failed') || s.forwarded('/manifest/update') > 60,
      20_000,
      'the changes to end',
    );
    expect(ids.map((id) => s.outbox.get(id)!.state)).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect(s.forwarded('/manifest/update')).toBe(MAX_ANSWERED_FAILURES);
  });

  it('a service that cannot be reached at all (nothing sent) counts nothing: the entry keeps waiting', async () => {
    s.proxy.setFaults([{ path: ROWS, fault: { kind: 'reset-after' } }]);
    const id = s.outbox.enqueue(notes('S-0021', 'offline'));
    await s.proxy.close();
    for (let i = 0; i < MAX_ANSWERED_FAILURES + 2; i++) await s.engine.syncNow();
    const entry = s.outbox.get(id)!;
    expect(entry.state).toBe('pending');
    expect(entry.answeredFailures).toBe(0);
  });
});
