import { afterEach, describe, expect, it } from 'vitest';
import { exportZpl, labelsToPdf, sendToPrinter, STEPS_PER_TURN } from '../../../../main/labels/index.js';
import { startFakeZebra, statusAnswer, type FakeZebra } from '../../../helpers/fake-zebra.js';
import { defaultTemplates, printJob, zplJob } from '../../../../shared/labels/index.js';

/**
 * A large label job must not keep main from other work until it is done: preparing 1,000 labels (each
 * barcode measured by the encoder, each line fitted) ran through at once, 1–6 s in which a scan's
 * enqueue waited. Other work here is a chain of turns of the event loop (setImmediate, as main's own
 * messages come in); the job's last record notes how many turns that work had had when the job came to
 * prepare it. Before, none: the whole job was prepared before anything else ran. No clock is read.
 */
const plateSide = defaultTemplates().find((t) => t.id === 'plate-side-code128')!;
const LABELS = 40 * STEPS_PER_TURN;

/** Turns of the event loop other work gets, counted until `stop()`. */
function otherWork() {
  let turns = 0;
  let on = true;
  const tick = () => {
    if (!on) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  return { turns: () => turns, stop: () => void (on = false) };
}

/** `n` records; the last notes the other work's turns when the job first reads it (prepares that label). */
function watchedRecords(n: number, other: { turns(): number }) {
  const records = Array.from({ length: n - 1 }, (_, i) => ({ id: `P-${i}`, name: 'HeLa' }));
  let seenAt: number | null = null;
  const last = { name: 'HeLa' } as { id: string; name: string };
  Object.defineProperty(last, 'id', {
    enumerable: true,
    get: () => {
      seenAt ??= other.turns();
      return `P-${n - 1}`;
    },
  });
  records.push(last);
  return { records, seenAt: () => seenAt };
}

const zebras: FakeZebra[] = [];
afterEach(async () => {
  await Promise.all(zebras.splice(0).map((z) => z.close()));
});

describe('a large label job gives main turns for other work while its labels are prepared', () => {
  it('a PDF', async () => {
    const other = otherWork();
    const { records, seenAt } = watchedRecords(LABELS, other);
    try {
      const { pages } = await labelsToPdf(plateSide, records, { layout: { kind: 'per-label' } });
      expect(pages).toBe(LABELS);
    } finally {
      other.stop();
    }
    expect(seenAt()).toBeGreaterThan(0);
  });

  it('a ZPL export', async () => {
    const other = otherWork();
    const { records, seenAt } = watchedRecords(LABELS, other);
    try {
      const job = zplJob.parse({ template: plateSide, records: [{ id: 'P-0' }] });
      const { zpl } = await exportZpl({ ...job, records });
      expect(zpl.match(/\^XA/g)).toHaveLength(LABELS);
    } finally {
      other.stop();
    }
    expect(seenAt()).toBeGreaterThan(0);
  });

  it('a job sent to a printer', async () => {
    const printer = await startFakeZebra({ answer: statusAnswer({}) });
    zebras.push(printer);
    const other = otherWork();
    const { records, seenAt } = watchedRecords(LABELS, other);
    try {
      const job = printJob.parse({
        template: plateSide,
        records: [{ id: 'P-0' }],
        printer: { host: '127.0.0.1', port: printer.port },
      });
      const result = await sendToPrinter({ ...job, records });
      expect(result.labels).toBe(LABELS);
    } finally {
      other.stop();
    }
    expect(seenAt()).toBeGreaterThan(0);
    expect(printer.received().toString('latin1').match(/\^XA/g)).toHaveLength(LABELS);
  });
});
