/**
 * The crash test's victim: enqueues scans (printing `ack <k>` only after enqueue returned, i.e. the
 * commit is durable) while the sync engine drains to the sandbox through the fault proxy. The
 * parent SIGKILLs it at random moments and starts it again with the same database.
 */
import { createOutbox } from '../../main/outbox/index.js';
import { createSyncEngine } from '../../main/sync/index.js';
import { clientFor } from '../integration/sync/stack.js';
import { scanAt } from './plan.js';
import { createInterface } from 'node:readline';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const arg = (name: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0 || process.argv[i + 1] === undefined) throw new Error(`--${name} is required`);
  return process.argv[i + 1]!;
};

// The parent starts us early (module loading is the slow part) and says `go <from> [fast]` once
// the previous child is dead, so two children never hold the outbox at once.
const go = await new Promise<string>((resolve) => createInterface({ input: process.stdin }).once('line', resolve));
const [, fromText, mode] = go.split(' ');
const from = Number(fromText);
const to = Number(arg('to'));
const box = arg('box');
/** The final run only needs to finish the plan: no pauses between scans. */
const fast = mode === 'fast';
const outbox = createOutbox({ path: arg('db'), now: Date.now });
const stagingDir = path.join(path.dirname(arg('db')), 'staging');
mkdirSync(stagingDir, { recursive: true });
const client = clientFor(arg('url'), { value: arg('token') }, 3_000);
const engine = createSyncEngine({
  outbox,
  transport: client,
  backoff: { baseMs: 20, maxMs: 250 },
  kickDelayMs: 3,
  offlineAfter: 3,
});
engine.start();
process.stdout.write('ready\n');

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (let k = from; k < to; k++) {
  // `enq` first, so the parent can tell a kill that landed inside enqueue (before its ack).
  process.stdout.write(`enq ${k}\n`);
  // The dedupe key makes a re-scan of k (committed but killed before the ack) the same entry.
  const scan = scanAt(k, box, stagingDir);
  if (scan.file) writeFileSync(scan.file.path, scan.file.bytes);
  if (scan.intents.length === 1) outbox.enqueue(scan.intents[0]!, { dedupeKey: `scan-${k}` });
  else outbox.enqueueMany(scan.intents, { dedupeKey: `scan-${k}`, dependencies: scan.dependencies ?? [] });
  process.stdout.write(`ack ${k}\n`);
  if (!fast) await pause(1 + Math.floor(Math.random() * 4));
}
for (;;) {
  const c = outbox.counts();
  if (c.pending === 0 && c.sending === 0) break;
  await engine.syncNow();
  await pause(20);
}
process.stdout.write('drained\n');
await engine.stop();
outbox.close();
process.exit(0);
