import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { benchesPerTest, type Benches } from '../../../helpers/benches-on-main.js';
import { filledAndSent } from './helpers.js';

/**
 * The same plate, unchanged, pressed "Plate completed" once online and once offline (either order): read
 * from its saved copy, the wells this computer did not place are unknown; read online, they are empty.
 * On the real main in-process, its embedded sandbox reached through the fault proxy.
 */
const openBenches = benchesPerTest();

async function filledPlate(b: Benches) {
  const plate = await filledAndSent(b.env);
  const press = () =>
    b.env.api.invoke('plateRecord.file', { plateUuid: plate.uuid, page: { hrid: 'EXP-0001' }, filing: randomUUID() });
  const events = async () =>
    (await b.entries()).filter((e) => e.intent?.type === 'webhook' && e.intent.payload['uuid'] === plate.uuid);
  const offline = async () => {
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    expect((await b.env.call('cache.manifest', { uuid: plate.uuid }))!.fromCache).toBe(true);
  };
  const online = async () => {
    b.proxy().setFaults([]);
    expect((await b.env.call('cache.manifest', { uuid: plate.uuid }))!.fromCache).toBe(false);
  };
  return { plate, press, events, offline, online };
}

describe('a plate filed again, read the other way (saved copy or online)', () => {
  it('filed online, pressed again offline: FILED ALREADY, one record', async () => {
    const b = await openBenches('spec');
    const p = await filledPlate(b);
    const first = await p.press();
    if (!first.ok) throw new Error(first.error.message);
    await p.offline();
    const again = await p.press();
    expect(again.ok).toBe(false);
    if (again.ok) return;
    expect(again.error.message).toMatch(/^FILED ALREADY — PL-0003 was filed already/);
    expect(again.error.message).toContain(first.value.folder);
    expect(await p.events()).toHaveLength(1);
    expect(await b.env.call('plateRecord.list', {})).toHaveLength(1);
  }, 60_000);

  it('filed offline, pressed again online: FILED ALREADY, one event sent', async () => {
    const b = await openBenches('spec');
    const p = await filledPlate(b);
    await p.offline();
    const first = await p.press();
    if (!first.ok) throw new Error(first.error.message);
    await p.online();
    const again = await p.press();
    expect(again.ok).toBe(false);
    if (again.ok) return;
    expect(again.error.message).toMatch(/^FILED ALREADY — /);
    await b.sync();
    expect(await p.events()).toHaveLength(1);
  }, 60_000);

  it('filed offline, then another bench filled a well: pressed online, a new record', async () => {
    const b = await openBenches('spec');
    const p = await filledPlate(b);
    await p.offline();
    const first = await p.press();
    if (!first.ok) throw new Error(first.error.message);
    await p.online();
    await b.otherPuts(p.plate.barcode, 'B5', 'S-0099');
    const again = await p.press();
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value.folder).not.toBe(first.value.folder);
    expect(await p.events()).toHaveLength(2);
  }, 60_000);
});
