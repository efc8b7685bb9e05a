/**
 * The sandbox's answer profiles (issue 15): `spec` sends only the fields the spec names, `varied`
 * really sends the variations main/sandbox/README.md lists, seeded, and `extended` is the demo.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AnswerOptions } from '../../../main/sandbox/answers/profiles.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

type Json = Record<string, unknown>;
let s: TestSandbox | null = null;
afterEach(async () => {
  await s?.close();
  s = null;
});
const start = async (answers: AnswerOptions) => (s = await startTestSandbox({ answers }));
const text = async (path: string, init?: Parameters<TestSandbox['call']>[1]) => {
  const res = await s!.call(path, init);
  return { status: res.status, body: await res.text() };
};
const json = async (path: string, init?: Parameters<TestSandbox['call']>[1]) =>
  JSON.parse((await text(path, init)).body) as Json;

describe('spec answers', () => {
  it("a plate has only the spec's metadata: no wells, no layout", async () => {
    await start({ profile: 'spec' });
    const m = await json('/manifest/fetch-metadata?hrid=PL-0001');
    expect(Object.keys(m).sort()).toEqual([
      'barcode',
      'emptySpaces',
      'hrid',
      'lastUpdate',
      'name',
      'success',
      'template',
      'uuid',
    ]);
  });

  it("errors carry the table's message and nothing of ours; lists carry only what the spec names", async () => {
    await start({ profile: 'spec' });
    expect(await json('/manifest/fetch-metadata?hrid=NOPE')).toEqual({ success: false, message: 'Not found' });
    const list = await json('/labsheets/fetch-list');
    for (const item of list.items as Json[]) expect(Object.keys(item)).toEqual(['name']);
    expect(Object.keys(await json('/location/create', { body: { locations: [{ name: 'Spec rack' }] } }))).toEqual([
      'requestId',
    ]);
    // "type ... stripped from single-sequence reads"
    expect((await json('/sequence/fetch?name=GFP-primer-F')).sequence).not.toHaveProperty('type');
  });
});

describe('extended answers (the demo default)', () => {
  it('a plate lists its wells and layout, and errors say why', async () => {
    await start({ profile: 'extended' });
    const m = await json('/manifest/fetch-metadata?hrid=PL-0001');
    expect(m).toHaveProperty('wells');
    expect(m).toHaveProperty('layout');
    expect(await json('/manifest/fetch-metadata?hrid=NOPE')).toMatchObject({
      message: 'Not found',
      reason: expect.any(String),
    });
  });
});

describe('varied answers', () => {
  it('over a few dozen answers every listed variation shows up, and the same seed repeats them', async () => {
    const seen = new Set<string>();
    const run = async (seed: number) => {
      await start({ profile: 'varied', seed });
      const trace: string[] = [];
      for (let i = 0; i < 30; i++) {
        const list = await json('/labsheets/fetch-list');
        if (typeof list.total === 'string') seen.add('total as text');
        if (Object.keys(list).some((k) => k.startsWith('x_extra'))) seen.add('extra fields');
        const m = await json('/manifest/fetch-metadata?hrid=PL-0001');
        if (m.barcode === null) seen.add('barcode null');
        if (typeof m.emptySpaces === 'number') seen.add('emptySpaces as number');
        const hook = await text('/webhook/custom', { body: { event: 'v' } });
        if (hook.status === 204) seen.add('webhook 204');
        if (hook.status === 200 && hook.body === '') seen.add('webhook empty');
        const one = JSON.parse((await text('/sequences?name=pGEX-4T-1')).body) as unknown;
        seen.add(
          Array.isArray(one)
            ? 'sequence as array'
            : (one as Json).items
              ? 'sequence as list'
              : (one as Json).sequence && typeof (one as Json).sequence === 'object'
                ? 'sequence wrapped'
                : 'sequence bare',
        );
        const space = await json('/labspace/fetch?name=Molecular Biology');
        if (!('description' in (space.data as Json)) || (space.data as Json).description === null)
          seen.add('labspace without description');
        trace.push(JSON.stringify([list.total, m.barcode, hook.status]));
      }
      const rows = await json('/labsheets/fetch-list-rows?labsheet=Samples&pageSize=50');
      const qc = (rows.headers as string[]).indexOf('QC Passed');
      if ((rows.rows as unknown[][]).some((r) => typeof r[qc] === 'boolean')) seen.add('checkbox as boolean');
      await s!.close();
      s = null;
      return trace;
    };
    const first = await run(3);
    expect(await run(3)).toEqual(first);
    expect(await run(4)).not.toEqual(first);
    expect([...seen].sort()).toEqual([
      'barcode null',
      'checkbox as boolean',
      'emptySpaces as number',
      'extra fields',
      'labspace without description',
      'sequence as array',
      'sequence as list',
      'sequence bare',
      'sequence wrapped',
      'total as text',
      'webhook 204',
      'webhook empty',
    ]);
  });
});
