/** Fixture format and CLI argument rules in-process (the spawned CLI is covered in cli.test.ts). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CliError, parseCliArgs } from '../../../main/sandbox/cli-args.js';
import { runCli } from '../../../main/sandbox/cli-run.js';
import { FixtureError, loadFixture, type SandboxFixture } from '../../../main/sandbox/fixture.js';
import { startSandbox } from '../../../main/sandbox/server.js';
import Database from 'better-sqlite3';
import { migrate, MIGRATIONS } from '../../../main/sandbox/store/migrations.js';
import { SandboxStore } from '../../../main/sandbox/store/index.js';
import { sharedDoc } from '../../helpers/shared-docs.js';

const EXAMPLE = sharedDoc('sandbox-fixture.example.json');
const tmp = mkdtempSync(join(tmpdir(), 'sandbox-fixture-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('CLI arguments', () => {
  it('parses the DESIGN.md forms', () => {
    expect(parseCliArgs(['--port', '8790', '--mode', 'legacy', '--fixture', 'f.json', '--db', 'lab.db'])).toEqual({
      port: 8790,
      mode: 'legacy',
      fixture: 'f.json',
      db: 'lab.db',
      answers: { profile: 'extended' },
    });
    expect(parseCliArgs(['--port=0', '--mode=v2'])).toEqual({ port: 0, mode: 'v2', answers: { profile: 'extended' } });
    expect(parseCliArgs(['--port=0', '--mode=v2', '--answers', 'spec'])).toMatchObject({
      answers: { profile: 'spec' },
    });
    expect(parseCliArgs(['--port=0', '--mode=v2', '--answers=varied', '--seed', '7'])).toMatchObject({
      answers: { profile: 'varied', seed: 7 },
    });
    expect(parseCliArgs(['--help'])).toBe('help');
  });

  it.each([
    [['--port', '0', '--mode', 'v2', '--verbose'], /unknown argument "--verbose"/],
    [['--port', 'eighty', '--mode', 'v2'], /--port must be a whole number from 0 to 65535, got "eighty"/],
    [['--port', '70000', '--mode', 'v2'], /--port must be a whole number/],
    [['--port', '-1', '--mode', 'v2'], /--port must be a whole number/],
    [['--mode', 'v2'], /--port is required/],
    [['--port', '0', '--mode', 'v3'], /--mode must be v2 or legacy, got "v3"/],
    [['--port', '0'], /--mode is required/],
    [['--port', '0', '--mode', 'v2', '--fixture'], /--fixture needs a value/],
    [['--port', '0', '--mode', 'v2', '--db', '--fixture', 'x'], /--db needs a value/],
    [['--port', '0', '--port', '1', '--mode', 'v2'], /--port is given twice/],
    [
      ['--port', '0', '--mode', 'v2', '--answers', 'loose'],
      /--answers must be one of extended, spec, varied, got "loose"/,
    ],
    [['--port', '0', '--mode', 'v2', '--answers', 'spec', '--seed', '3'], /--seed applies to --answers varied only/],
    [['--port', '0', '--mode', 'v2', '--answers', 'varied', '--seed', 'x'], /--seed must be a whole number/],
  ])('%j -> %s', (args, message) => {
    expect(() => parseCliArgs(args)).toThrow(CliError);
    expect(() => parseCliArgs(args)).toThrow(message);
  });
});

describe('runCli (the CLI without a process)', () => {
  const capture = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
  };

  it('a bad argument -> exit code 2, the reason and the usage on stderr', async () => {
    const c = capture();
    expect(await runCli(['--port', 'eighty', '--mode', 'v2'], c.io)).toBe(2);
    expect(c.err.join('\n')).toMatch(/--port must be a whole number from 0 to 65535, got "eighty"/);
    expect(c.err.join('\n')).toMatch(/usage: npm run sandbox/);
    expect(c.out).toEqual([]);
  });

  it('an invalid fixture -> exit code 1 naming the file and the field', async () => {
    const c = capture();
    const bad = join(tmp, 'cli-bad.json');
    writeFileSync(bad, JSON.stringify({ users: [{ email: 'a@b.c', token: 't', superadmin: true }] }));
    expect(await runCli(['--port', '0', '--mode', 'v2', '--fixture', bad], c.io)).toBe(1);
    expect(c.err.join('\n')).toMatch(
      /cli-bad\.json is not a valid sandbox fixture[\s\S]*users\[0\]: unknown field "superadmin"/,
    );
  });

  it('an unreadable fixture -> exit code 1 naming the file', async () => {
    const c = capture();
    expect(await runCli(['--port', '0', '--mode', 'v2', '--fixture', join(tmp, 'nope.json')], c.io)).toBe(1);
    expect(c.err.join('\n')).toMatch(/cannot read fixture .*nope\.json: ENOENT/);
  });

  it('a port in use -> exit code 1 saying so', async () => {
    const busy = await startSandbox({ mode: 'v2' });
    try {
      const c = capture();
      expect(await runCli(['--port', String(busy.port), '--mode', 'legacy'], c.io)).toBe(1);
      expect(c.err.join('\n')).toMatch(new RegExp(`port ${busy.port} is already in use`));
    } finally {
      await busy.close();
    }
  });

  it('--help prints the usage; success prints the URL and, without a fixture, the demo token', async () => {
    const h = capture();
    expect(await runCli(['--help'], h.io)).toBe(0);
    expect(h.out.join('\n')).toMatch(/usage:/);
    const c = capture();
    const started = await runCli(['--port', '0', '--mode', 'legacy'], c.io);
    if (typeof started === 'number') throw new Error(`runCli failed: ${c.err.join('\n')}`);
    try {
      expect(c.out.join('\n')).toContain(started.url);
      expect(c.out.join('\n')).toContain(`demo token (Super Admin): ${started.demoToken}`);
      expect(started.mode).toBe('legacy');
    } finally {
      await started.close();
    }
  });

  it('a fixture given with a --db that already holds data is not loaded, and the output says so', async () => {
    const db = join(tmp, 'existing.db');
    const first = await runCli(['--port', '0', '--mode', 'v2', '--db', db], capture().io);
    if (typeof first === 'number') throw new Error('first start failed');
    const demoToken = first.demoToken;
    await first.close();
    const fresh = capture();
    const onFresh = await runCli(
      ['--port', '0', '--mode', 'v2', '--db', join(tmp, 'fresh.db'), '--fixture', EXAMPLE],
      fresh.io,
    );
    if (typeof onFresh === 'number') throw new Error('fresh start failed');
    await onFresh.close();
    expect(fresh.out.join('\n')).not.toContain('note:');
    const again = capture();
    const started = await runCli(['--port', '0', '--mode', 'v2', '--db', db, '--fixture', EXAMPLE], again.io);
    if (typeof started === 'number') throw new Error(`runCli failed: ${again.err.join('\n')}`);
    try {
      expect(again.out.join('\n')).toContain(`note: ${db} already holds data, so ${EXAMPLE} was not loaded`);
      // The demo lab stayed: its Super Admin is still the first user, not the fixture's.
      expect(started.seeded).toBe(false);
      expect(started.demoToken).toBe(demoToken);
      expect(started.demoToken).not.toBe(onFresh.demoToken);
    } finally {
      await started.close();
    }
  });
});

describe('fixture loading', () => {
  it('loads the example fixture', async () => {
    const f = await loadFixture(EXAMPLE);
    expect(f.users).toHaveLength(2);
    expect(f.labsheets[0]!.rows).toHaveLength(3);
  });

  const write = (name: string, data: unknown): string => {
    const path = join(tmp, name);
    writeFileSync(path, typeof data === 'string' ? data : JSON.stringify(data));
    return path;
  };

  it.each([
    ['missing users', {}, /users: /],
    [
      'a typo in a field',
      { users: [{ email: 'a@b.c', token: 't', superadmin: true }] },
      /users\[0\]: unknown field "superadmin"/,
    ],
    [
      'a bad column type',
      { users: [{ email: 'a@b.c', token: 't' }], labsheets: [{ name: 'L', columns: [{ name: 'ID', type: 'IDENT' }] }] },
      /labsheets\[0\]\.columns\[0\]\.type/,
    ],
    [
      'a bad page kind',
      { users: [{ email: 'a@b.c', token: 't' }], pages: [{ kind: 'wiki', name: 'p', hrid: 'P' }] },
      /pages\[0\]\.kind/,
    ],
  ])('schema: %s names the field', async (_label, data, message) => {
    const path = write('schema.json', data);
    await expect(loadFixture(path)).rejects.toThrow(FixtureError);
    await expect(loadFixture(path)).rejects.toThrow(message);
  });

  it('unreadable file and invalid JSON are named', async () => {
    await expect(loadFixture(join(tmp, 'absent.json'))).rejects.toThrow(/cannot read fixture .*absent\.json: ENOENT/);
    await expect(loadFixture(write('broken.json', '{"users": ['))).rejects.toThrow(/broken\.json is not valid JSON/);
  });

  const base: SandboxFixture = { users: [{ email: 'a@b.c', token: 'tok-1', superAdmin: true }] };
  it.each<[string, Partial<SandboxFixture>, RegExp]>([
    [
      'a row naming an unknown column',
      { labsheets: [{ name: 'L', columns: [{ name: 'ID', type: 'ID' }], rows: [{ ID: 'a', Colour: 'red' }] }] },
      /labsheets\[0\]\.rows\[0\]: column "Colour"/,
    ],
    [
      'a badly typed cell',
      {
        labsheets: [
          {
            name: 'L',
            columns: [
              { name: 'ID', type: 'ID' },
              { name: 'N', type: 'NUMBER' },
            ],
            rows: [{ ID: 'a', N: 'many' }],
          },
        ],
      },
      /labsheets\[0\]\.rows\[0\]\.N: .*needs a number/,
    ],
    [
      'a labsheet in a missing folder',
      { labsheets: [{ name: 'L', folder: 'Nope', columns: [{ name: 'ID', type: 'ID' }] }] },
      /labsheets\[0\]: folder "Nope" does not exist/,
    ],
    [
      'a location whose parent is not listed before it',
      { locations: [{ name: 'Shelf', parent: 'Freezer' }] },
      /locations\[0\]\.parent/,
    ],
    [
      'a manifest with an unknown layout',
      { manifests: [{ name: 'R', hrid: 'R1', barcode: 'RB', template: 'Odd rack' }] },
      /manifests\[0\]\.layout/,
    ],
    [
      'a well off the layout',
      {
        manifests: [
          {
            name: 'P',
            hrid: 'P1',
            barcode: 'PB',
            template: '96 Well Plate',
            wells: [{ position: 'M1', label: 'BLANK' }],
          },
        ],
      },
      /manifests\[0\]\.wells\[0\]: position: "M1"/,
    ],
  ])('seeding: %s fails with the fixture path', async (_label, extra, message) => {
    await expect(startSandbox({ mode: 'v2', fixture: { ...base, ...extra } })).rejects.toThrow(message);
  });

  it('duplicate user emails are refused', async () => {
    await expect(
      startSandbox({
        mode: 'v2',
        fixture: {
          users: [
            { email: 'a@b.c', token: '1' },
            { email: 'a@b.c', token: '2' },
          ],
        },
      }),
    ).rejects.toThrow(/users\[1\]/);
  });
});

describe('database', () => {
  it('migrations set PRAGMA user_version and reopening a file does not re-run them or re-seed', async () => {
    const dbPath = join(tmp, 'm.db');
    const first = await startSandbox({ mode: 'v2', dbPath, fixture: EXAMPLE });
    expect(first.store.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    first.store.seedRows('Samples', [{ 'Sample ID': 'S-0100' }]);
    await first.close();
    const second = await startSandbox({ mode: 'legacy', dbPath, fixture: EXAMPLE });
    expect(second.store.rows.count(second.store.labsheets.byName('Samples')!.uuid, 'any')).toBe(4);
    expect(second.demoToken).toBe('6f1c9a52-3d1e-4b7a-9a51-0c2f4e8d7b10');
    await second.close();
  });

  it('a port in use rejects the second start (and the first keeps serving)', async () => {
    const first = await startSandbox({ mode: 'v2' });
    try {
      await expect(startSandbox({ mode: 'v2', port: first.port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
      expect(
        (await fetch(`${first.url}/labsheets/fetch-list`, { headers: { authorization: `Bearer ${first.demoToken}` } }))
          .status,
      ).toBe(200);
    } finally {
      await first.close();
    }
  });

  it('migration 2 numbers existing rows per labsheet and per archived state', () => {
    const db = new Database(':memory:');
    migrate(db, 1);
    const insert = db.prepare(
      "INSERT INTO rows (uuid, labsheet_uuid, archived, service_barcode, cells, updated_at) VALUES (?, ?, ?, 'x', '{}', 'now')",
    );
    const plan: [string, number][] = [
      ['A', 0],
      ['B', 0],
      ['A', 1],
      ['A', 0],
      ['B', 1],
      ['A', 1],
    ];
    plan.forEach(([sheet, archived], i) => insert.run(`r${i}`, sheet, archived));
    migrate(db);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    const rows = db.prepare('SELECT uuid, ord_any, ord_arch FROM rows ORDER BY seq').all();
    expect(rows).toEqual([
      { uuid: 'r0', ord_any: 0, ord_arch: 0 },
      { uuid: 'r1', ord_any: 0, ord_arch: 0 },
      { uuid: 'r2', ord_any: 1, ord_arch: 0 },
      { uuid: 'r3', ord_any: 2, ord_arch: 1 },
      { uuid: 'r4', ord_any: 1, ord_arch: 0 },
      { uuid: 'r5', ord_any: 3, ord_arch: 1 },
    ]);
    db.close();
  });

  it('paging by ordinal: archived/unarchived/any pages line up after several inserts', async () => {
    const sb = await startSandbox({ mode: 'v2', fixture: EXAMPLE });
    try {
      // Three inserts appended to the fixture's rows (2 unarchived + 1 archived), alternating states.
      for (let batch = 0; batch < 3; batch++) {
        sb.store.seedRows(
          'Samples',
          Array.from({ length: 10 }, (_, i) => ({ 'Sample ID': `X-${batch}-${i}` })),
          { archived: (i) => i % 3 === 0 },
        );
      }
      const sheet = sb.store.labsheets.byName('Samples')!.uuid;
      const ids = (filter: 'any' | 'archived' | 'unarchived', size: number): string[] => {
        const out: string[] = [];
        for (let off = 0; ; off += size) {
          const page = sb.store.rows.page(sheet, filter, size, off);
          if (page.length === 0) return out;
          out.push(...page.map((r) => r.uuid));
        }
      };
      const all = ids('any', 7);
      expect(all).toHaveLength(33);
      const archived = ids('archived', 4);
      const unarchived = ids('unarchived', 5);
      expect(archived).toHaveLength(sb.store.rows.count(sheet, 'archived'));
      expect(unarchived).toHaveLength(sb.store.rows.count(sheet, 'unarchived'));
      expect(new Set([...archived, ...unarchived])).toEqual(new Set(all));
      // Order within a filter is insertion order.
      expect(archived).toEqual(all.filter((u) => archived.includes(u)));
    } finally {
      await sb.close();
    }
  });

  it('a fresh store is empty and migrated', () => {
    const store = SandboxStore.open(':memory:');
    expect(store.isEmpty()).toBe(true);
    expect(store.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    store.close();
  });
});
