import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLabClient } from '../../../../main/api/client.js';
import { CancelledError, ValidationError } from '../../../../main/api/errors.js';
import { startStub, type Stub } from './stub-server.js';

let stub: Stub;
let dir: string;
beforeAll(async () => {
  stub = await startStub();
  dir = await mkdtemp(join(tmpdir(), 'benchlink-upload-'));
  await writeFile(join(dir, 'plate.csv'), 'well,sample\nA1,S1\n');
  await writeFile(join(dir, 'notes.md'), '# run 12\n'.repeat(5000));
  await writeFile(join(dir, 'tool.exe'), 'MZ');
  await writeFile(join(dir, 'big.tif'), Buffer.alloc(32 * 1024 * 1024));
});
afterAll(async () => {
  await stub.close();
  await rm(dir, { recursive: true, force: true });
});

const client = () =>
  createLabClient({
    connection: { ...stub.connection(), filesUrl: `${stub.url}/files-root` },
    token: async () => 'tok',
    sleep: async () => {},
  });

describe('storeAndEmbedFiles', () => {
  it('streams several files as one multipart request to the files address, with progress', async () => {
    stub.script({
      status: 200,
      body: [
        { fileName: 'plate.csv', fileId: 'f1', ticketId: 't1', status: 'QUEUED', message: '' },
        { fileName: 'run.md', fileId: 'f2', ticketId: 't2', status: 'QUEUED', message: '' },
      ],
    });
    const progress: number[] = [];
    const out = await client().storeAndEmbedFiles(
      { files: [{ path: join(dir, 'plate.csv') }, { path: join(dir, 'notes.md'), name: 'run.md' }], isGlobal: true },
      { onProgress: (p) => progress.push(p.percent) },
    );
    expect(out.map((r) => r.fileName)).toEqual(['plate.csv', 'run.md']);
    const req = stub.seen.at(-1)!;
    expect(req.path).toBe('/files-root/files/store-and-embed');
    expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(req.headers.authorization).toBe('Bearer tok');
    expect(Number(req.headers['content-length'])).toBe(Buffer.byteLength(req.body));
    expect(req.body).toContain('filename="plate.csv"');
    expect(req.body).toContain('filename="run.md"');
    expect(req.body).toContain('A1,S1');
    expect(req.body).toMatch(/name="isGlobal"\r\n\r\ntrue/);
    expect(req.body).toMatch(/name="fileSource"\r\n\r\nAI Lab Drive/);
    expect(progress.at(-1)).toBe(1);
  });

  it('sends a file whose type is not on the embedding list: the service stores every file', async () => {
    stub.script({
      status: 200,
      body: [
        { fileName: 'plate.csv', fileId: 'f1', ticketId: 't1', status: 'QUEUED', message: '' },
        { fileName: 'tool.exe', fileId: 'f2', ticketId: 't2', status: 'STORED', message: '' },
      ],
    });
    const before = stub.seen.length;
    const out = await client().storeAndEmbedFiles({
      files: [{ path: join(dir, 'plate.csv') }, { path: join(dir, 'tool.exe') }],
    });
    expect(out.map((r) => r.fileId)).toEqual(['f1', 'f2']);
    expect(stub.seen.length).toBe(before + 1);
    expect(stub.seen.at(-1)!.body).toContain('filename="tool.exe"');
  });

  it('rejects a missing file before sending', async () => {
    const e = await client()
      .storeAndEmbedFiles({ files: [{ path: join(dir, 'gone.pdf') }] })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ValidationError);
    expect((e as ValidationError).reason).toMatch(/gone\.pdf: file not found/);
  });

  it('is never retried, and a lost answer leaves it uncertain', async () => {
    stub.script({ reset: true });
    const before = stub.seen.length;
    const e = await client()
      .storeAndEmbedFiles({ files: [{ path: join(dir, 'plate.csv') }] })
      .catch((x: unknown) => x);
    expect((e as ValidationError).uncertain).toBe(true);
    expect(stub.seen.length).toBe(before + 1);
  });

  it('can be cancelled mid-transfer: CancelledError, and certain (the request never completed)', async () => {
    stub.script({ status: 200, body: [] });
    const ac = new AbortController();
    const e = await client()
      .storeAndEmbedFiles(
        { files: [{ path: join(dir, 'big.tif') }] },
        {
          signal: ac.signal,
          onProgress: (p) => {
            if (p.transferred > 0 && p.percent < 1) ac.abort();
          },
        },
      )
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(CancelledError);
    expect((e as CancelledError).uncertain).toBe(false);
  });
});
