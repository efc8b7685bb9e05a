import { describe, expect, it } from 'vitest';
import { checkedOnItsOwn, plateChangedError } from '../../../../main/sync/plate-check.js';
import type { OutboxEntry } from '../../../../main/outbox/index.js';
import type { WellIntent } from '../../../../shared/outbox/intents.js';

/** An undo's opposite change held for a look says why, and is checked against its own reading. */
const entry = (id: number, intent: WellIntent): OutboxEntry => ({
  id,
  type: intent.type,
  target: JSON.stringify(['manifest', 'hrid:PL-0003']),
  intent,
  createdAt: 0,
  updatedAt: 0,
  state: 'pending',
  attempts: 0,
  lastError: null,
  requestId: null,
  result: null,
  dedupeKey: null,
  answeredFailures: 0,
  uncertainAttempts: 0,
  dependsOn: null,
  supplies: null,
  service: '',
});
const manifest = { hrid: 'PL-0003' };
const fill = (id: number, position: string) =>
  entry(id, { type: 'well-set', manifest, position, sample: { id: 'S-0001', labsheet: 'Samples' } });
const undo = (id: number, position: string, undoes: number) =>
  entry(id, { type: 'well-remove', manifest, position, fields: ['SAMPLE', 'LABEL'], undoes });
/** The service's stamp as this machine's clock and language say it (the message is read at this bench). */
const onThisClock = new Date('2026-01-02T00:00:00.000Z').toLocaleString(undefined, {
  dateStyle: 'medium',
  timeStyle: 'medium',
});
const check = {
  now: { lastUpdate: '2026-01-02T00:00:00.000Z', emptySpaces: 94 },
  expected: { lastUpdate: '2026-01-01T00:00:00.000Z', emptySpaces: 96 },
  hrid: 'PL-0003',
};

describe("an undo's opposite change held for a look", () => {
  it('says it takes back a change that may be on the service, that the plate changed since, and what each choice does', () => {
    expect(plateChangedError(check, 1, undo(7, 'A1', 3)).message).toBe(
      'Needs a look: this takes back your change to A1, which may have reached the service although it failed. ' +
        'Plate PL-0003 changed on the service since that change was made (empty wells 96 → 94, last changed ' +
        `${onThisClock}), and this computer cannot tell whether only by your change or also at another ` +
        'bench. Look at the well on the service: Send anyway puts A1 back as it was before your change, over ' +
        'whatever is there now; Discard leaves A1 as the service has it.',
    );
  });

  it('is still a hold (Send anyway, Discard), and any other change held says what it said before', () => {
    expect(plateChangedError(check, 1, undo(7, 'A1', 3))).toMatchObject({ kind: 'plate-changed', plate: check.now });
    expect(plateChangedError(check, 1, fill(4, 'A2')).message).toBe(
      'Needs a look: plate PL-0003 changed on the service since these scans (empty wells 96 → 94, last changed ' +
        `${onThisClock}). Send anyway to apply them over it, or discard them.`,
    );
  });

  it("says the service's stamp on the bench's clock, not as UTC; one that is no ISO date as the service wrote it", () => {
    const said = plateChangedError(check, 1, fill(4, 'A2')).message;
    expect(said).not.toContain('2026-01-02T00:00:00.000Z');
    expect(said).toMatch(/last changed \w+ \d+, 202[56], \d+:00:00/);
    const odd = { ...check, now: { ...check.now, lastUpdate: 'rev 41 by ada' } };
    expect(plateChangedError(odd, 1, fill(4, 'A2')).message).toContain('last changed rev 41 by ada)');
  });

  it('goes in a run of its own: the check compares the plate with the run’s first reading', () => {
    const [a, b, u, c] = [fill(1, 'A1'), fill(2, 'A2'), undo(3, 'A3', 9), fill(4, 'A4')];
    expect(checkedOnItsOwn([a, b, u, c]).map((e) => e.id)).toEqual([1, 2]);
    expect(checkedOnItsOwn([u, c]).map((e) => e.id)).toEqual([3]);
    expect(checkedOnItsOwn([a, c]).map((e) => e.id)).toEqual([1, 4]);
  });

  it('keeps the opposite changes of one undo, made on one reading, in one run (one request)', () => {
    const on = (e: OutboxEntry, emptyWells: number): OutboxEntry =>
      e.intent.type === 'well-remove'
        ? { ...e, intent: { ...e.intent, basis: { emptySpaces: emptyWells, lastUpdate: '2026-01-01T00:00:00.000Z' } } }
        : e;
    const [u1, u2, u3, c] = [
      on(undo(5, 'A1', 1), 96),
      on(undo(6, 'A2', 2), 96),
      on(undo(7, 'A3', 3), 95),
      fill(8, 'A4'),
    ];
    expect(checkedOnItsOwn([u1, u2, u3, c]).map((e) => e.id)).toEqual([5, 6]);
    expect(checkedOnItsOwn([u1, u2, c]).map((e) => e.id)).toEqual([5, 6]);
    expect(checkedOnItsOwn([u3, c]).map((e) => e.id)).toEqual([7]);
  });
});
