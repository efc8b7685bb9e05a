/**
 * An upload whose link stalls part-way through its body (the files address stops reading it), on the real
 * client over loopback HTTP: its idle limit ends the try. On the old code the bench read "The service did
 * not answer in time (Timeout awaiting 'socket' for 300ms)", as if a whole request had gone unanswered.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLabClient, TimeoutError } from '../../../../main/api/index.js';
import { classify } from '../../../../main/sync/classify.js';
import { shownError, shownErrorLine } from '../../../../shared/outbox-words/shown-error.js';

describe('an upload whose transfer stalls part-way', () => {
  let server: http.Server;
  let url = '';
  let dir = '';
  beforeAll(async () => {
    // Takes the connection, reads the first part of the body, then reads no more and never answers.
    server = http.createServer((req) => req.once('data', () => req.pause()));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    dir = mkdtempSync(path.join(tmpdir(), 'upload-stalled-'));
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('is said as a stalled transfer that made nothing, not as a service slow to answer', async () => {
    const file = path.join(dir, 'run.bin');
    // Far more than the socket buffers hold, so the body is still on its way when the reading stops.
    writeFileSync(file, randomBytes(32 * 1024 * 1024));
    const client = createLabClient({
      connection: { baseUrl: url, filesUrl: url, eventsUrl: url, mode: 'v2' },
      token: async () => 'tok',
      retry: { attempts: 1 },
    });
    const err = await client.storeAndEmbedFiles({ files: [{ path: file }] }, { timeoutMs: 300 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(TimeoutError);
    const failure = classify(err, 0);
    // Still a timeout (the sync engine's waits and bounds are a timeout's), not sent whole.
    expect(failure.error.kind).toBe('timeout');
    expect(failure.sentUnanswered).toBe(false);
    const line = shownErrorLine(shownError(failure.error));
    expect(line).toBe(
      'The service did not answer in time (the transfer stalled part-way: nothing moved for 300 ms before the ' +
        'whole request had been sent, so nothing was made).',
    );
  });
});
