/**
 * A plate's changes are checked before they go: the plate is read again (plate-check.ts). A read the
 * service answers with a failure every time is one failed try of each change, bounded like a send's, and
 * never lets the changes go unchecked; a read the service refuses (the plate is not there) fails them with
 * its reason, unsent; no answer at all counts nothing. On the old code each of these sent the changes
 * unchecked (over whatever another bench had put in their wells). Fake clock, scripted transport, the real
 * SQLite outbox.
 */
import { describe, expect, it } from 'vitest';
import { NetworkError, ProtocolError } from '../../../../main/api/errors.js';
import { mapHttpError } from '../../../../main/api/map-error.js';
import { GAVE_UP_UNSENT, MAX_ANSWERED_FAILURES } from '../../../../main/sync/classify.js';
import { createSyncEngine } from '../../../../main/sync/index.js';
import { fakePlatform } from './fake-platform.js';
import { fakeTransport, type Calls } from './fake-transport.js';
import { outboxPerTest } from './outbox-per-test.js';

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};
const answered = (status: number) => () => {
  throw mapHttpError({ endpoint: 'fetchManifestMetadata', idempotent: true, token: null }, status, '', undefined);
};
const manifest = { uuid: 'plate-3' };
const basis = { lastUpdate: 't0', emptySpaces: 96 };

describe('a plate change whose check read keeps failing', () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);

  /** A fill made on the plate as read at t0, and a day of the engine's own wake-ups. */
  async function aDayWith(read: (r: never) => unknown) {
    const outbox = files.outbox;
    const fill = outbox.enqueue({
      type: 'well-set',
      manifest,
      position: 'A1',
      sample: { id: 'S-0040', labsheet: 'Samples' },
      basis,
    });
    const calls: Calls = [];
    const engine = createSyncEngine({
      outbox,
      transport: fakeTransport(calls, { fetchManifestMetadata: read }),
      platform,
    });
    engine.start();
    await settle();
    for (let i = 0; i < 24 * 12; i++) {
      platform.advance(5 * 60_000);
      await settle();
    }
    await engine.stop();
    return {
      fill: outbox.get(fill)!,
      reads: calls.filter((c) => c.name === 'fetchManifestMetadata').length,
      sent: calls.filter((c) => c.name === 'updateManifest'),
    };
  }

  const cases: [string, (r: never) => unknown, RegExp][] = [
    ['a 503 every time', answered(503), /HTTP 503/],
    ['a 429 every time', answered(429), /slow down each time/],
    ['a 408 every time', answered(408), /HTTP 408/],
    [
      'an answer that breaks the contract every time',
      () => {
        throw new ProtocolError('the answer did not match the contract', {
          endpoint: 'fetchManifestMetadata',
          status: 200,
          reason: 'emptySpaces: expected a count',
        });
      },
      /emptySpaces: expected a count/,
    ],
  ];
  for (const [what, read, said] of cases) {
    it(`${what}: never sent; fails after ${MAX_ANSWERED_FAILURES} tries with the reason`, async () => {
      const r = await aDayWith(read);
      expect(r.sent).toEqual([]);
      expect(r.fill).toMatchObject({
        state: 'failed',
        answeredFailures: MAX_ANSWERED_FAILURES,
        lastError: { kind: GAVE_UP_UNSENT },
      });
      expect(r.fill.lastError!.message).toMatch(/^Not sent: reading the plate before sending/);
      expect(r.fill.lastError!.message).toMatch(said);
      expect(r.reads).toBeLessThanOrEqual(MAX_ANSWERED_FAILURES * 6);
    });
  }

  it('a refusal (the plate is not on the service): failed at once with why, not sent', async () => {
    const r = await aDayWith(answered(404));
    expect(r.sent).toEqual([]);
    expect(r.reads).toBe(1);
    expect(r.fill.state).toBe('failed');
    expect(r.fill.lastError!.message).toMatch(/^Not sent: the service refused to read the plate before sending/);
    expect(r.fill.lastError!.message).toMatch(/discard this; otherwise Retry/);
  });

  it('no answer at all counts nothing: after a day offline the change still waits, unsent', async () => {
    const r = await aDayWith(() => {
      throw new NetworkError('unreachable', { endpoint: 'fetchManifestMetadata' });
    });
    expect(r.fill).toMatchObject({ state: 'pending', answeredFailures: 0 });
    expect(r.sent).toEqual([]);
  });

  it('a read that fails once, then answers as before: the change goes', async () => {
    let reads = 0;
    const r = await aDayWith(() => {
      if (++reads === 1) answered(503)();
      return { uuid: 'plate-3', hrid: 'PL-0003', ...basis };
    });
    expect(r.fill.state).toBe('done');
    expect(r.sent).toHaveLength(1);
  });
});
