import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { mainForSuite, wellSet } from './helpers.js';

const main = mainForSuite();

it('a queued well change the service then refuses: the record is not filed, and says which well and why', async () => {
  const plate = (await main.env.call('cache.manifest', { hrid: 'PL-0002' }))!;
  const { id } = await main.env.call('outbox.enqueue', { intent: wellSet(plate.uuid, 'H12', 'NO-SUCH-SAMPLE') });
  // The change may be refused before or after the click reaches main: either way nothing of the record goes.
  const filed = await main.env.api.invoke('plateRecord.file', {
    plateUuid: plate.uuid,
    page: { hrid: 'EXP-0001' },
    filing: randomUUID(),
  });
  const well = await main.env.call('outbox.await', { id, timeoutMs: 15_000 });
  expect(well.state).toBe('failed');
  if (!filed.ok) {
    expect(filed.error.message).toContain('H12');
    return;
  }
  const entries = await Promise.all(
    filed.value.entries.map((e) => main.env.call('outbox.await', { id: e, timeoutMs: 15_000 })),
  );
  for (const e of entries) {
    expect(e.state).toBe('failed');
    expect(e.error?.message).toContain('H12');
  }
});

it('filing a plate whose change was already refused is refused, naming the well and the reason', async () => {
  const plate = (await main.env.call('cache.manifest', { hrid: 'PL-0003' }))!;
  const { id } = await main.env.call('outbox.enqueue', { intent: wellSet(plate.uuid, 'G7', 'NO-SUCH-SAMPLE') });
  const well = await main.env.call('outbox.await', { id, timeoutMs: 15_000 });
  expect(well.state).toBe('failed');
  const r = await main.env.api.invoke('plateRecord.file', {
    plateUuid: plate.uuid,
    page: { hrid: 'EXP-0001' },
    filing: randomUUID(),
  });
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.error.message).toMatch(/G7: .+/);
  expect(r.error.message).toContain(well.error!.message);
  expect((await main.env.call('plateRecord.list', {})).filter((x) => x.plate === 'PL-0003')).toEqual([]);
});
