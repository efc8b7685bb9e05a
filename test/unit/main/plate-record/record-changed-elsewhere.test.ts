import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLabClient, type LabClient } from '../../../../main/api/index.js';
import { startSandbox, type SandboxHandle } from '../../../../main/sandbox/server.js';
import { inProcessApi, type InProcess } from '../../../helpers/in-process-api.js';
import { wellSet } from './helpers.js';

// A service answering only what the spec names (no wells listed), and another bench on it with its own client.
let env: InProcess;
let sandbox: SandboxHandle | null = null;
let other: LabClient;
beforeAll(async () => {
  env = await inProcessApi({
    sandboxAnswers: { profile: 'spec' },
    startSandbox: async (o) => (sandbox = await startSandbox(o)),
  });
  await env.call('settings.set', { connection: { kind: 'local-sandbox', mode: 'v2' } });
  const svc = (): SandboxHandle => {
    if (!sandbox) throw new Error('the sandbox did not start');
    return sandbox;
  };
  other = createLabClient({
    connection: { baseUrl: svc().url, filesUrl: svc().url, eventsUrl: svc().url, mode: 'v2' },
    token: async () => svc().demoToken,
  });
});
afterAll(() => env.close());

const read = async (folder: string, name: string) =>
  Buffer.from((await env.call('plateRecord.read', { folder, name })).base64, 'base64');

it('another bench replaced and moved tubes without changing the count: the record does not state the old view', async () => {
  const plate = (await env.call('cache.manifest', { hrid: 'PL-0003' }))!;
  expect(plate.wellsFrom).toBe('this-computer');
  for (const [position, id] of [
    ['A1', 'S-0040'],
    ['A2', 'S-0041'],
  ] as const) {
    // As Well fill queues them: with the plate as read (the send-time check keeps the plate's state after each).
    const intent = { ...wellSet(plate.uuid, position, id), basis: plate.basis };
    const { id: entry } = await env.call('outbox.enqueue', { intent });
    expect((await env.call('outbox.await', { id: entry, timeoutMs: 15_000 })).state).toBe('done');
  }
  const before = (await env.call('cache.manifest', { uuid: plate.uuid }))!;
  // The other bench: S-0099 into A1, S-0041 moved A2 → B5. Two wells used, as before.
  await new Promise((r) => setTimeout(r, 5));
  await other.updateManifest({
    uuid: plate.uuid,
    plate: {
      removeFromWells: [{ position: 'A2', fields: ['SAMPLE', 'LABEL', 'TAGS'] }],
      wells: [
        { position: 'A1', sample: { id: 'S-0099', labsheet: 'Samples' }, label: 'SAMPLE', tags: [] },
        { position: 'B5', sample: { id: 'S-0041', labsheet: 'Samples' }, label: 'SAMPLE', tags: [] },
      ],
    },
  });
  const after = (await env.call('cache.manifest', { uuid: plate.uuid }))!;
  expect(after.basis.emptySpaces).toBe(before.basis.emptySpaces);
  expect(after.reading.lastUpdate).not.toBe(before.reading.lastUpdate);

  const rec = await env.call('plateRecord.file', {
    plateUuid: plate.uuid,
    page: { hrid: 'EXP-0001' },
    filing: randomUUID(),
  });
  const rows = parse(await read(rec.folder, rec.files[0]!.name), { columns: true }) as Record<string, string>[];
  const byPos = new Map(rows.map((r) => [r['position'], r]));
  // Neither this computer's old tubes nor "empty" where the other bench put one.
  expect(byPos.get('A1')).toMatchObject({ 'sample id': '', content: 'unknown' });
  expect(byPos.get('A2')).toMatchObject({ 'sample id': '', content: 'unknown' });
  expect(byPos.get('B5')).toMatchObject({ 'sample id': '', content: 'unknown' });
  expect(rows.filter((r) => r['content'] === 'empty')).toEqual([]);
  expect(rows.filter((r) => r['sample id'] !== '')).toEqual([]);
}, 30_000);

it('a plate only this computer changed: the record states its tubes, and the rest empty', async () => {
  const plate = (await env.call('cache.manifest', { hrid: 'PL-0002' }))!;
  for (const [position, id] of [
    ['A1', 'S-0043'],
    ['A2', 'S-0044'],
  ] as const) {
    const intent = { ...wellSet(plate.uuid, position, id), basis: plate.basis };
    const { id: entry } = await env.call('outbox.enqueue', { intent });
    expect((await env.call('outbox.await', { id: entry, timeoutMs: 15_000 })).state).toBe('done');
  }
  const rec = await env.call('plateRecord.file', {
    plateUuid: plate.uuid,
    page: { hrid: 'EXP-0001' },
    filing: randomUUID(),
  });
  const rows = parse(await read(rec.folder, rec.files[0]!.name), { columns: true }) as Record<string, string>[];
  const byPos = new Map(rows.map((r) => [r['position'], r]));
  expect(byPos.get('A1')).toMatchObject({ 'sample id': 'S-0043', content: 'sample' });
  expect(byPos.get('A2')).toMatchObject({ 'sample id': 'S-0044', content: 'sample' });
  expect(byPos.get('B5')).toMatchObject({ content: 'empty' });
}, 30_000);
