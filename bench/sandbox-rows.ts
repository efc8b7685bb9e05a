import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { startSandbox } from '../main/sandbox/server.js';
import { percentile, round } from './stats.js';

const ROWS = 50_000;
const PAGE_SIZE = 1000;
const REQUESTS = 200;
const LABSHEET = 'Bench Rows';

/**
 * fetch-list-rows latency over real HTTP on a 50,000-row labsheet, pageSize 1000, pages spread
 * over the whole sheet (the spec's page x pageSize < 50000 allows pages 1..49). Figures in ms.
 */
export async function benchSandboxRows(): Promise<{ p50: number; p99: number; n: number }> {
  const sandbox = await startSandbox({ mode: 'v2' });
  try {
    const headers = { authorization: `Bearer ${sandbox.demoToken}`, 'content-type': 'application/json' };
    const created = await fetch(`${sandbox.url}/labsheets/create`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: LABSHEET,
        columns: [
          { name: 'Sample ID', type: 'ID' },
          { name: 'Tube Barcode', type: 'ID_BARCODE' },
          { name: 'Volume uL', type: 'NUMBER' },
          { name: 'Status', type: 'TEXT' },
          { name: 'Received', type: 'DATE' },
          { name: 'Notes', type: 'TEXT' },
        ],
      }),
    });
    if (created.status !== 201) throw new Error(`create labsheet answered ${created.status}`);
    sandbox.store.seedRows(
      LABSHEET,
      Array.from({ length: ROWS }, (_, i) => ({
        'Sample ID': `B-${String(i + 1).padStart(6, '0')}`,
        'Tube Barcode': `BT${String(i + 1).padStart(8, '0')}`,
        'Volume uL': (i * 7) % 200,
        Status: i % 5 === 0 ? 'in use' : 'received',
        Received: '2026-11-01',
        Notes: i % 13 === 0 ? 'recheck' : null,
      })),
      { archived: (i) => i % 50 === 0 },
    );

    const maxPage = Math.floor((50_000 - 1) / PAGE_SIZE); // 49
    const get = async (page: number): Promise<number> => {
      const t0 = performance.now();
      const res = await fetch(
        `${sandbox.url}/labsheets/fetch-list-rows?labsheet=${encodeURIComponent(LABSHEET)}&pageSize=${PAGE_SIZE}&page=${page}`,
        { headers },
      );
      const body = (await res.json()) as { rows: unknown[] };
      const ms = performance.now() - t0;
      if (res.status !== 200 || body.rows.length !== PAGE_SIZE)
        throw new Error(`page ${page}: status ${res.status}, ${body.rows.length} rows`);
      return ms;
    };
    for (let i = 0; i < 10; i++) await get(1 + (i % maxPage)); // warm-up: JIT, statement cache, connection
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) times.push(await get(1 + ((i * 17) % maxPage)));
    return { p50: round(percentile(times, 50), 2), p99: round(percentile(times, 99), 2), n: times.length };
  } finally {
    await sandbox.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await benchSandboxRows();
  process.stdout.write(
    `sandbox fetch-list-rows (50,000 rows, pageSize ${PAGE_SIZE}): p50 ${r.p50} ms, p99 ${r.p99} ms over ${r.n} requests\n`,
  );
}
