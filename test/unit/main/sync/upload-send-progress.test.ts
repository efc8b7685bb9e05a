/**
 * A large upload took minutes with nothing to show but "sending": the client's progress hook was never
 * given one. sendSingle now passes got's progress on, a few times a second at most. The real client
 * sends a real staged file to the real sandbox over HTTP; the outbox is the real SQLite store; the
 * clock is the test's, so what the throttle lets through does not depend on how fast the machine is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLabClient } from '../../../../main/api/index.js';
import { startSandbox, type SandboxHandle } from '../../../../main/sandbox/server.js';
import { stageFile, uploadIntent } from '../../../../main/staging/index.js';
import { sendSingle, type SingleSendContext } from '../../../../main/sync/send-single.js';
import { UPLOAD_PROGRESS_EVERY_MS } from '../../../../main/sync/upload-progress.js';
import type { SyncTransport } from '../../../../main/sync/transport.js';
import type { UploadSendProgress } from '../../../../shared/ipc/channels/upload.js';
import { fakePlatform } from './fake-platform.js';
import { outboxPerTest } from './outbox-per-test.js';
import { Readable } from 'node:stream';
import path from 'node:path';

const SIZE = 6 * 1024 * 1024;

let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox({ mode: 'v2' });
});
afterAll(() => sandbox.close());

describe('an upload on its way reports how far it is', () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);

  /** A 6 MB file staged and queued, sent by sendSingle with `clock` as the throttle's: what it reported. */
  async function send(clock: () => number): Promise<{ id: number; told: UploadSendProgress[] }> {
    const staged = await stageFile(
      Readable.from([Buffer.alloc(SIZE, 0x41)]),
      path.join(files.dir, 'staging'),
      'run.csv',
    );
    const id = files.outbox.enqueue(uploadIntent(staged, 'run.csv'));
    const told: UploadSendProgress[] = [];
    const transport = createLabClient({
      connection: { baseUrl: sandbox.url, filesUrl: sandbox.url, eventsUrl: sandbox.url, mode: 'v2' },
      token: async () => sandbox.demoToken,
    }) as SyncTransport;
    const ctx: SingleSendContext = {
      outbox: files.outbox,
      transport,
      platform: { ...platform, now: clock },
      signal: new AbortController().signal,
      onAnswered: () => undefined,
      reachable: () => true,
      mainAnswers: async () => true,
      onUploadProgress: (p) => told.push(p),
    };
    await sendSingle(ctx, files.outbox.get(id)!);
    expect(files.outbox.get(id)!.state).toBe('done');
    return { id, told };
  }

  it('the first report at once, then none faster than the throttle, and the last when all is sent', async () => {
    // The clock stands still: every report of got's but the first and the last falls within the throttle.
    // On the old code: none at all.
    const { id, told } = await send(() => platform.now());
    expect(told).toHaveLength(2);
    expect(told.every((p) => p.id === id)).toBe(true);
    const [, last] = told;
    expect(last!.sent).toBe(last!.total);
    // The multipart request is the file and a little around it.
    expect(last!.total).toBeGreaterThanOrEqual(SIZE);
  });

  it('as time passes, reports follow one another, each further on', async () => {
    // Each reading of the clock a throttle's interval later: every report of got's goes through.
    let at = platform.now();
    const { told } = await send(() => (at += UPLOAD_PROGRESS_EVERY_MS));
    expect(told.length).toBeGreaterThan(2);
    for (let k = 1; k < told.length; k++) expect(told[k]!.sent).toBeGreaterThanOrEqual(told[k - 1]!.sent);
    expect(told.at(-1)!.sent).toBe(told.at(-1)!.total);
  });
});
