/**
 * `npm run bench`: every figure users feel, measured on this machine in one run, printed as a
 * table and written to bench/results.json (with the previous run's value beside each figure).
 * Exits non-zero only when something could not be measured; a missed target is reported, not failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { GROUPS, type FigureRow } from './figures.js';

const resultsPath = fileURLToPath(new URL('./results.json', import.meta.url));
const only = process.argv.slice(2);

interface Results {
  machine: { cpus: number; cpuModel: string; memGiB: number; node: string; platform: string };
  measuredAt: string;
  figures: FigureRow[];
  unmeasured: Array<{ group: string; reason: string }>;
}

function previousValues(): Map<string, number> {
  if (!existsSync(resultsPath)) return new Map();
  try {
    const prev = JSON.parse(readFileSync(resultsPath, 'utf8')) as Results;
    return new Map(prev.figures.map((f) => [`${f.figure} [${f.unit}]`, f.value]));
  } catch {
    return new Map();
  }
}

function runGroup(
  module: string,
  fn: string,
  args: unknown[] | undefined,
): { result?: Record<string, number>; error?: string } {
  const started = Date.now();
  const r = spawnSync(
    'npx',
    ['tsx', fileURLToPath(new URL('./one.ts', import.meta.url)), module, fn, JSON.stringify(args ?? [])],
    {
      encoding: 'utf8',
      timeout: 180_000,
      maxBuffer: 32 * 1024 * 1024,
    },
  );
  const line = (r.stdout ?? '').split('\n').find((l) => l.startsWith('BENCH_RESULT '));
  process.stderr.write(`  ${fn}: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  if (!line)
    return { error: (r.stderr || r.error?.message || `exit ${r.status}`).trim().split('\n').slice(-3).join(' | ') };
  return { result: JSON.parse(line.slice('BENCH_RESULT '.length)) as Record<string, number> };
}

const previous = previousValues();
const figures: FigureRow[] = [];
const unmeasured: Results['unmeasured'] = [];
for (const g of GROUPS) {
  if (only.length && !only.includes(g.id)) continue;
  process.stderr.write(`measuring ${g.id}…\n`);
  const { result, error } = runGroup(g.module, g.fn, g.args);
  if (!result) {
    unmeasured.push({ group: g.id, reason: error ?? 'no result' });
    continue;
  }
  const rows = g.rows(result);
  const broken = rows.find((row) => typeof row.value !== 'number' || Number.isNaN(row.value));
  if (broken) unmeasured.push({ group: g.id, reason: `no value for "${broken.figure}" in ${JSON.stringify(result)}` });
  else figures.push(...rows);
}

const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2));
const table = figures.map((f) => {
  const prev = previous.get(`${f.figure} [${f.unit}]`);
  return {
    figure: f.figure,
    value: `${fmt(f.value)} ${f.unit}`,
    target: f.target ?? '',
    met: f.met === undefined ? '' : f.met ? 'yes' : 'NO',
    previous: prev === undefined ? '' : `${fmt(prev)} ${f.unit}`,
  };
});
const widths = ['figure', 'value', 'target', 'met', 'previous'].map((k) =>
  Math.max(k.length, ...table.map((t) => t[k as keyof typeof t].length)),
);
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
console.log(line(['figure', 'value', 'target', 'met', 'previous']));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const t of table) console.log(line([t.figure, t.value, t.target, t.met, t.previous]));
for (const u of unmeasured) console.log(`NOT MEASURED ${u.group}: ${u.reason}`);

const results: Results = {
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  },
  measuredAt: new Date().toISOString(),
  figures,
  unmeasured,
};
if (only.length === 0) writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
console.log(only.length === 0 ? `\nwrote ${resultsPath}` : '\n(partial run: results.json left as it was)');
process.exit(unmeasured.length > 0 ? 1 : 0);
