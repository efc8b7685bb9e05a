/** files/store-and-embed (multipart, streamed to disk) and the custom webhook intake. */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeAndEmbedResponse, SUPPORTED_EXTENSIONS } from '../../../shared/api/files.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

type Json = Record<string, unknown>;

describe.each(['v2', 'legacy'] as const)('files and webhook (%s)', (mode) => {
  let s: TestSandbox;
  const filesDir = mkdtempSync(join(tmpdir(), 'sandbox-files-test-'));
  beforeAll(async () => {
    s = await startTestSandbox({ mode, filesDir });
  });
  afterAll(async () => {
    await s.close();
    rmSync(filesDir, { recursive: true, force: true });
  });
  const upload = async (
    form: FormData,
    headers: Record<string, string> = { authorization: `Bearer ${s.demoToken}` },
  ): Promise<{ status: number; body: unknown }> => {
    const res = await fetch(`${s.url}/files/store-and-embed`, { method: 'POST', headers, body: form });
    return { status: res.status, body: await res.json() };
  };

  describe('store-and-embed', () => {
    it('answers per file: QUEUED for supported extensions (stored on disk), REJECTED with a message otherwise', async () => {
      const fd = new FormData();
      fd.append('files', new Blob(['a,b\n1,2\n']), 'plate.csv');
      fd.append('files', new Blob(['MZ']), 'setup.exe');
      fd.append('files', new Blob(['# notes']), 'README.MD');
      fd.append('isGlobal', 'true');
      fd.append('fileSource', 'Bench');
      const { status, body } = await upload(fd);
      expect(status).toBe(200);
      const results = storeAndEmbedResponse.parse(body);
      expect(results.map((r) => [r.fileName, r.status])).toEqual([
        ['plate.csv', 'QUEUED'],
        ['setup.exe', 'REJECTED'],
        ['README.MD', 'QUEUED'],
      ]);
      expect(results[1]!.message).toMatch(/\.exe is not supported/);
      for (const r of results) {
        expect(r.fileId).toMatch(/^[0-9a-f-]{36}$/);
        expect(r.ticketId).toMatch(/^[0-9a-f-]{36}$/);
      }
      const stored = s.store.uploads.byId(results[0]!.fileId!)!;
      expect(stored).toMatchObject({
        isGlobal: true,
        fileSource: 'Bench',
        size: 8,
        uploadedBy: 'admin@demo-lab.example',
      });
      expect(readFileSync(stored.path!, 'utf8')).toBe('a,b\n1,2\n');
      expect(s.store.uploads.byId(results[1]!.fileId!)!.path).toBe(null);
      expect(s.store.uploads.count('REJECTED')).toBe(1);
    });

    it('every supported extension is queued; defaults isGlobal false, fileSource "AI Lab Drive"', async () => {
      // The spec's list names 34 extensions (pdf .. pse).
      expect(SUPPORTED_EXTENSIONS).toHaveLength(34);
      const fd = new FormData();
      for (const ext of SUPPORTED_EXTENSIONS) fd.append('files', new Blob([ext]), `f.${ext}`);
      const { status, body } = await upload(fd);
      expect(status).toBe(200);
      const results = storeAndEmbedResponse.parse(body);
      expect(results.every((r) => r.status === 'QUEUED')).toBe(true);
      expect(s.store.uploads.byId(results[0]!.fileId!)).toMatchObject({ isGlobal: false, fileSource: 'AI Lab Drive' });
    });

    it('no file, unknown form field, bad isGlobal -> 422; not multipart -> 400; no token -> 403', async () => {
      const none = new FormData();
      none.append('isGlobal', 'true');
      expect((await upload(none)).status).toBe(422);
      const extra = new FormData();
      extra.append('files', new Blob(['x']), 'a.txt');
      extra.append('folder', 'x');
      expect((await upload(extra)).status).toBe(422);
      const badFlag = new FormData();
      badFlag.append('files', new Blob(['x']), 'a.txt');
      badFlag.append('isGlobal', 'yes');
      const before = s.store.uploads.count();
      expect((await upload(badFlag)).status).toBe(422);
      expect(s.store.uploads.count()).toBe(before);
      const json = await s.call('/files/store-and-embed', { body: { files: [] } });
      expect(json.status).toBe(400);
      const fd = new FormData();
      fd.append('files', new Blob(['x']), 'a.txt');
      expect((await upload(fd, {})).status).toBe(403);
    });
  });

  describe('webhook/custom', () => {
    it('persists the whole body and the Service-Event-Type header', async () => {
      const before = s.store.webhooks.count();
      const payload = {
        event: 'plate.filled',
        plate: 'PL-0001',
        wells: [{ position: 'A1', id: 'S-0001' }],
        nested: { ok: true, n: null },
      };
      const res = await s.call('/webhook/custom', { body: payload, headers: { 'Service-Event-Type': 'plate-filled' } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });
      expect(s.store.webhooks.count()).toBe(before + 1);
      const last = s.store.webhooks.list().at(-1)!;
      expect(last).toMatchObject({ eventType: 'plate-filled', body: payload, sender: 'admin@demo-lab.example' });
    });

    it(`auth: ${mode === 'v2' ? 'required in v2 (403 without a token)' : 'optional in legacy (stored as anonymous)'}; a wrong token is 401 in both`, async () => {
      const before = s.store.webhooks.count();
      const res = await s.call('/webhook/custom', { body: { event: 'anon' }, headers: { authorization: '' } });
      if (mode === 'v2') {
        expect(res.status).toBe(403);
        expect(s.store.webhooks.count()).toBe(before);
      } else {
        expect(res.status).toBe(200);
        expect(s.store.webhooks.list().at(-1)).toMatchObject({
          sender: null,
          eventType: null,
          body: { event: 'anon' },
        });
      }
      expect(
        (await s.call('/webhook/custom', { body: { event: 'x' }, headers: { authorization: 'Bearer wrong' } })).status,
      ).toBe(401);
    });

    it('the body must be a JSON object with a string event when present (422 otherwise)', async () => {
      const before = s.store.webhooks.count();
      for (const raw of ['[1,2]', '"text"', '42', 'null', '{"event": 5}']) {
        const res = await s.call('/webhook/custom', { rawBody: raw });
        expect(res.status, raw).toBe(422);
        expect(((await res.json()) as Json).message).toBe('Validation error');
      }
      expect((await s.call('/webhook/custom', { rawBody: '{"event":' })).status).toBe(400);
      // Hostile nesting is a validation error, not a stack overflow (500).
      const deep = await s.call('/webhook/custom', { rawBody: `{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}` });
      expect(deep.status).toBe(422);
      expect(((await deep.json()) as Json).reason).toMatch(/nested more than 256 levels/);
      expect((await s.call('/webhook/custom', { rawBody: `{"a":${'['.repeat(200)}${']'.repeat(200)}}` })).status).toBe(
        200,
      );
      expect(s.store.webhooks.count()).toBe(before + 1);
    });
  });
});

// Streaming does not depend on the mode; running it once keeps the suite fast on shared cores.
describe('files: a 210 MB upload', () => {
  let s: TestSandbox;
  const filesDir = mkdtempSync(join(tmpdir(), 'sandbox-files-big-'));
  beforeAll(async () => {
    s = await startTestSandbox({ mode: 'v2', filesDir });
  });
  afterAll(async () => {
    await s.close();
    rmSync(filesDir, { recursive: true, force: true });
  });
  const largestStoredFile = (): number =>
    Math.max(0, ...readdirSync(filesDir).map((f) => statSync(join(filesDir, f)).size));

  it('streams a 210 MB file to disk without holding it in memory', async () => {
    const size = 210 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const hash = createHash('sha256');
    const boundary = 'benchlinkboundary42';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="scan.tif"\r\nContent-Type: image/tiff\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    let sent = 0;
    let onDiskMidway = -1;
    let phase: 'head' | 'body' | 'tail' | 'done' = 'head';
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (phase === 'head') {
          controller.enqueue(head);
          phase = 'body';
          return;
        }
        if (phase === 'body') {
          hash.update(chunk);
          controller.enqueue(chunk);
          sent += chunk.length;
          // Streaming proof: while the client is still sending, most of what it sent is already on disk.
          if (sent === 160 * chunk.length) onDiskMidway = largestStoredFile();
          if (sent >= size) phase = 'tail';
          return;
        }
        if (phase === 'tail') {
          controller.enqueue(tail);
          phase = 'done';
          return;
        }
        controller.close();
      },
    });
    const res = await fetch(`${s.url}/files/store-and-embed`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.demoToken}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: stream,
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    const body = (await res.json()) as { fileId: string; status: string }[];
    expect(res.status).toBe(200);
    expect(body[0]!.status).toBe('QUEUED');
    const stored = s.store.uploads.byId(body[0]!.fileId)!;
    expect(stored.size).toBe(size);
    expect(statSync(stored.path!).size).toBe(size);
    expect(stored.sha256).toBe(hash.digest('hex'));
    expect(onDiskMidway).toBeGreaterThan(100 * 1024 * 1024);
  }, 60_000);
});
