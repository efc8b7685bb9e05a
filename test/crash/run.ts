/**
 * Crash test: `npm run test:crash`. A child enqueues scans and syncs them while this parent kills
 * it with SIGKILL at random moments, then restarts it on the same outbox until everything drained.
 * The sandbox runs here, in the parent, so the server survives every kill. Prints one line:
 * `crash: N trials, L lost, D duplicated`, and exits non-zero unless L and D are 0.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createOutbox, isUnreadable } from '../../main/outbox/index.js';
import { startSandboxAndProxy } from '../integration/sync/stack.js';
import { seededRandom } from '../helpers/seeded-random.js';
import { buildChild } from './build-child.js';
import { runChild } from './child-process.js';
import { BOX, PAGE } from './plan.js';
import { verify } from './verify.js';

const TRIALS = Number(process.env.CRASH_TRIALS ?? 50);
const TOTAL = Number(process.env.CRASH_SCANS ?? 1200);
/** A safety stop only: the trial count is the requirement, so a loaded machine runs longer. */
const BUDGET_MS = Number(process.env.CRASH_BUDGET_MS ?? 240_000);
const seed = Number(process.env.CRASH_SEED ?? Date.now() % 100_000);
const random = seededRandom(seed);

const started = Date.now();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchlink-crash-'));
const dbPath = path.join(dir, 'outbox.db');
const script = await buildChild();
const { sandbox, proxy } = await startSandboxAndProxy();
const boxUuid = sandbox.store.manifests.find('hrid', BOX)!.uuid;
// Latency widens the mid-request window; reset-after is "applied on the server, answer lost".
const faults = [
  { fault: { kind: 'latency' as const, ms: 40 }, probability: 0.5 },
  { fault: { kind: 'reset-after' as const }, probability: 0.08 },
  { fault: { kind: 'reset-before' as const }, probability: 0.04 },
  { fault: { kind: 'status' as const, status: 503 as const }, probability: 0.04 },
];
const acked = new Set<number>();
const next = () => (acked.size === 0 ? 0 : Math.max(...acked) + 1);
const args = [
  '--db',
  dbPath,
  '--url',
  proxy.url,
  '--token',
  sandbox.demoToken,
  '--box',
  boxUuid,
  '--to',
  String(TOTAL),
];
const spawnChild = () => runChild(script, args, (k) => acked.add(k));
const problems: string[] = [];

let trials = 0;
let killedInEnqueue = 0;
// Two children load their modules ahead of time (the slow part of a restart); each waits for `go`.
const pool = [spawnChild(), spawnChild()];
const take = () => {
  pool.push(spawnChild());
  return pool.shift()!;
};
while (trials < TRIALS && Date.now() - started < BUDGET_MS) {
  proxy.setFaults(faults);
  const run = take();
  const t0 = Date.now();
  run.go(next());
  await run.ready;
  const tReady = Date.now() - t0;
  const killAfter = 5 + Math.floor(random() * 250);
  const timer = setTimeout(() => run.child.kill('SIGKILL'), killAfter);
  const how = await run.ended;
  clearTimeout(timer);
  if (how === 'killed') {
    trials++;
    // Killed after `enq k` but before `ack k`: inside enqueue (or just before its ack was written).
    if (run.lastEnq >= 0 && !acked.has(run.lastEnq)) killedInEnqueue++;
  } else if (how !== 'drained') problems.push(`trial ${trials}: child ${how}`);
  if (process.env.CRASH_VERBOSE)
    console.error(
      `  trial ${trials}: ${how} after ${killAfter} ms (ready in ${tReady} ms), next scan ${next()}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
}

const userDecisions = { confirmed: 0, resent: 0 };
/**
 * Uncertain entries: the user looks at the server and decides, as the UI would ask them to. An upload
 * they find there is confirmed with its file id (what the attach-image waiting for it needs).
 */
function resolveUncertainAsUser(): number {
  const outbox = createOutbox({ path: dbPath, now: Date.now });
  outbox.recoverInterrupted();
  const delivered = new Set(sandbox.store.webhooks.list().map((w) => Number(w.body.scan)));
  const [page] = sandbox.store.eln.pageBy('hrid', PAGE);
  const attached = new Set(sandbox.store.eln.images(page?.uuid).map((i) => i.imageName));
  const uploaded = new Map(sandbox.store.uploads.list().map((u) => [u.fileName, u.fileId]));
  const uncertain = outbox.list('uncertain', { limit: 100_000 });
  for (const e of uncertain) {
    if (isUnreadable(e)) throw new Error(`entry #${e.id} no longer reads: ${e.unreadable}`);
    const i = e.intent;
    const found =
      i.type === 'webhook'
        ? delivered.has(Number(i.payload.scan))
        : i.type === 'attach-image'
          ? attached.has(i.request.image_name)
          : i.type === 'file-upload' && uploaded.has(i.fileName);
    if (found) {
      outbox.confirmDone(e.id, i.type === 'file-upload' ? { fileId: uploaded.get(i.fileName) } : undefined);
      userDecisions.confirmed++;
    } else {
      outbox.retry(e.id);
      userDecisions.resent++;
    }
  }
  const left = outbox.counts();
  outbox.close();
  return uncertain.length + left.pending;
}

proxy.setFaults([]);
// A request the proxy was still delaying when its child died may yet reach the server; a user
// deciding seconds later would see it, so let those land before looking.
await new Promise((r) => setTimeout(r, 500));
for (let round = 0; round < 5; round++) {
  if (resolveUncertainAsUser() === 0 && next() >= TOTAL) break;
  const run = take();
  run.go(next(), true);
  const how = await run.ended;
  if (how !== 'drained') problems.push(`final drain: child ${how}`);
}

for (const spare of pool) spare.child.kill('SIGKILL');
const outbox = createOutbox({ path: dbPath, now: Date.now });
const counts = outbox.counts();
outbox.close();
const verdict = verify(sandbox, acked, TOTAL, boxUuid);
await proxy.close();
await sandbox.close();
fs.rmSync(dir, { recursive: true, force: true });

for (const line of [...problems, ...verdict.details.slice(0, 20)]) console.error(`  ${line}`);
console.error(`  kills that landed between the start of an enqueue and its ack: ${killedInEnqueue}`);
console.error(
  `  uncertain webhooks, uploads and attachments decided by the user: ${userDecisions.confirmed} confirmed delivered, ${userDecisions.resent} resent`,
);
console.error(
  `  seed ${seed}; ${acked.size} scans acknowledged; outbox ${JSON.stringify(counts)}; ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
console.log(`crash: ${trials} trials, ${verdict.lost} lost, ${verdict.duplicated} duplicated`);
const ok =
  verdict.lost === 0 &&
  verdict.duplicated === 0 &&
  trials >= 50 &&
  problems.length === 0 &&
  counts.pending === 0 &&
  counts.uncertain === 0 &&
  counts.failed === 0;
process.exit(ok ? 0 : 1);
