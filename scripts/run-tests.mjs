#!/usr/bin/env node
// The one test command (`npm test`): the README gives it and .ci/run runs it. It type-checks, checks
// the formatting, builds the renderer, runs vitest (unit, integration, chaos), the crash test and Playwright, then
// prints one plain summary line counted from the runners' own JSON results.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { ensureSystemPackages } from './system-packages.mjs';

const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
// Named again just above the summary line: CI keeps only the tail of the output, and a failure
// named thousands of lines up is lost there.
const failedTests = [];

function run(label, cmd, args, extraEnv = {}) {
  console.log(`\n── ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...extraEnv } });
  return r.status ?? 1;
}

/** A command run with its output kept, to print whole once it ends (so side-by-side runs do not interleave). */
function runKept(label, cmd, args) {
  return new Promise((resolve) => {
    let out = '';
    const p = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    p.on('error', (err) =>
      resolve({ label, line: `${cmd} ${args.join(' ')}`, code: 1, out: `${out}${err.message}\n` }),
    );
    p.on('close', (code) => resolve({ label, line: `${cmd} ${args.join(' ')}`, code: code ?? 1, out }));
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Playwright's JSON nests suites by file and describe; a spec failed when a test's outcome was unexpected. */
function playwrightFailures(suites) {
  const out = [];
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected') out.push(`${spec.file}:${spec.line} › ${spec.title} [${t.projectName}]`);
      }
    }
    out.push(...playwrightFailures(suite.suites ?? []));
  }
  return out;
}

function step(label, ok) {
  if (ok) totals.passed += 1;
  else {
    totals.failed += 1;
    problems.push(label);
  }
}

const sys = ensureSystemPackages();
if (!sys.ok) {
  console.error(`\nSystem packages missing: ${sys.missing.join(', ')}.\n${sys.hint}`);
  step('system packages', false);
}

// The static checks and the renderer build read the sources only, each on one core: side by side they
// take the longest one's time (about 20 s here) instead of their sum (about 55 s). package.json's
// typecheck is its two halves, run here side by side.
const hasRenderer = existsSync('vite.config.ts');
const checks = await Promise.all([
  runKept('typecheck', 'npm', ['run', '--silent', 'typecheck:ts']),
  runKept('typecheck', 'npm', ['run', '--silent', 'typecheck:svelte']),
  runKept('formatting', 'npm', ['run', '--silent', 'format:check']),
  ...(hasRenderer ? [runKept('renderer build', 'npm', ['run', '--silent', 'build'])] : []),
]);
for (const c of checks) {
  console.log(`\n── ${c.label}: ${c.line}`);
  process.stdout.write(c.out);
  if (c.code !== 0) console.log(`(exit code ${c.code})`);
}
const passedAll = (label) => checks.filter((c) => c.label === label).every((c) => c.code === 0);
for (const label of new Set(checks.map((c) => c.label))) step(label, passedAll(label));

const vitestOut = '.vitest-results.json';
rmSync(vitestOut, { force: true });
const vitestCode = run('vitest', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${vitestOut}`,
]);
const vr = readJson(vitestOut);
if (vr) {
  totals.passed += vr.numPassedTests ?? 0;
  totals.failed += vr.numFailedTests ?? 0;
  totals.skipped += (vr.numPendingTests ?? 0) + (vr.numTodoTests ?? 0);
  for (const file of vr.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed') failedTests.push(`${file.name.replace(`${process.cwd()}/`, '')} › ${t.fullName}`);
    }
  }
  // A suite that failed to load has no failed tests but is still a failure.
  if (vitestCode !== 0 && (vr.numFailedTests ?? 0) === 0) step('vitest (suite errors)', false);
} else step('vitest (no results: the runner crashed)', false);

if (existsSync('test/crash/run.ts')) {
  console.log('\n── crash test: npm run test:crash');
  const r = spawnSync('npm', ['run', '--silent', 'test:crash'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.stdout.write(r.stdout ?? '');
  const m = /crash: (\d+) trials, (\d+) lost, (\d+) duplicated/.exec(r.stdout ?? '');
  step('crash test', r.status === 0 && m !== null && m[2] === '0' && m[3] === '0');
}

if (existsSync('playwright.config.ts')) {
  const e2eOut = '.e2e-results.json';
  rmSync(e2eOut, { force: true });
  const code = run('playwright', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eOut });
  const pr = readJson(e2eOut);
  if (pr?.stats) {
    totals.passed += (pr.stats.expected ?? 0) + (pr.stats.flaky ?? 0);
    totals.failed += pr.stats.unexpected ?? 0;
    totals.skipped += pr.stats.skipped ?? 0;
    if (code !== 0 && (pr.stats.unexpected ?? 0) === 0) step('playwright (run errors)', false);
    failedTests.push(...playwrightFailures(pr.suites ?? []));
  } else step('playwright (no results: the runner crashed)', false);
}

if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ${t}`).join('\n')}`);
if (problems.length) console.log(`\nFailed steps: ${problems.join('; ')}`);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
