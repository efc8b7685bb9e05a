import { expect } from 'vitest';
import type { Intent } from '../../../../shared/outbox/intents.js';
import { fakePlatform } from './fake-platform.js';
import { outboxPerTest } from './outbox-per-test.js';

/**
 * A location create answered with its requestId ('r-1') only, on a real SQLite outbox per test and a fake
 * clock: what main follows after the answer. Call inside a describe (outboxPerTest's hooks).
 */
export function locationCreateAnswered(create: Intent, maxTurns: number) {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);
  return {
    platform,
    files,
    /** Runs the engine's timers until `p` has finished, one second of the fake clock a turn. */
    async drive(p: Promise<unknown>): Promise<void> {
      let finished = false;
      void p.then(() => (finished = true));
      for (let i = 0; i < maxTurns && !finished; i++) {
        await new Promise((r) => setImmediate(r));
        platform.advance(1_000);
      }
      expect(finished).toBe(true);
    },
    /** The create queued, claimed and answered: its entry id. */
    answered(): number {
      const id = files.outbox.enqueue(create);
      files.outbox.claim([id], 'req', 'createLocations');
      files.outbox.settle([{ id, state: 'done', result: { requestId: 'r-1' } }]);
      return id;
    },
  };
}
