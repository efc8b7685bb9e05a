/**
 * One well, changed on two screens: Assign location moves a tube into a plate position (in the
 * location's lane), Well fill changes the same well (in the plate's lane). An older one of the two,
 * sent again after the newer one went (a Retry in the Outbox, "Send anyway" on a held plate), must not
 * land over it: it fails as superseded, naming the newer one. The plate is one plate whether a change
 * names it by its uuid or its hrid (the read cache's saved plate says both). Real sandbox behind the
 * fault proxy; the engine asks a real read cache for names, as main/app.ts wires it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ManifestRef } from '../../../shared/outbox/intents.js';
import { tempDir } from '../../unit/main/outbox/helpers.js';
import { serverRow, serverWell, startStackWithNames, until } from './stack.js';

const open: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of open.splice(0).reverse()) await c();
});

const PLATE = 'PL-0003'; // 96 wells, empty

async function bench() {
  const temp = tempDir('sync-move-well-');
  open.push(() => temp.cleanup());
  const s = await startStackWithNames(temp.dir);
  open.push(() => s.close());
  const plate = s.sandbox.store.manifests.find('hrid', PLATE)!;
  // Well fill read the plate: the read cache has saved it, with both its names.
  expect(await s.cache.manifest({ hrid: PLATE })).not.toBeNull();
  const tube = String(serverRow(s.sandbox, 'Samples', 'S-0131')!.byName['Tube Barcode']);
  const ref = (by: 'uuid' | 'hrid'): ManifestRef => (by === 'uuid' ? { uuid: plate.uuid } : { hrid: PLATE });
  return {
    ...s,
    plate,
    tube,
    ref,
    move: () =>
      s.outbox.enqueue({
        type: 'location-assign',
        labsheet: 'Samples',
        locationId: plate.uuid,
        idType: 'ID_BARCODE',
        id: tube,
        position: 'A5',
      }),
    onService: () => serverWell(s.sandbox, PLATE, 'A5').sampleId,
    /** Another bench puts a sample in A5, over HTTP. */
    otherPuts: (sample: string) =>
      s.client.updateManifest({
        uuid: plate.uuid,
        plate: { wells: [{ position: 'A5', sample: { id: sample, labsheet: 'Samples' }, label: 'SAMPLE', tags: [] }] },
      }),
    state: (id: number) => s.outbox.get(id)!.state,
  };
}

describe('a move into a well, and a change of that well on Well fill', () => {
  it.each(['uuid', 'hrid'] as const)(
    'a refused move retried after Well fill took the tube out of the well (plate by %s) is not sent',
    async (by) => {
      const b = await bench();
      // The well is taken at another bench meanwhile: the service refuses the move.
      await b.otherPuts('S-0099');
      const move = b.move();
      b.engine.start();
      await until(() => b.state(move) === 'failed', 10_000, 'the move refused');

      // Well fill shows the tube in A5 with a red !, and the user takes it out: sent, done.
      const removal = b.outbox.enqueue({
        type: 'well-remove',
        manifest: b.ref(by),
        position: 'A5',
        fields: ['SAMPLE'],
      });
      await until(() => b.state(removal) === 'done', 10_000, 'the removal sent');
      expect(b.onService()).toBeNull();

      // Retry on the refused move: sent now, it would put the tube back over the removal.
      expect(b.engine.retry(move)).toBe(true);
      await b.engine.syncNow();
      expect(b.onService()).toBeNull();
      expect(b.outbox.get(move)).toMatchObject({ state: 'failed', lastError: { kind: 'superseded' } });
      expect(b.outbox.get(move)!.lastError!.message).toBe(
        `Not sent: well A5 of ${PLATE} was changed on Well fill after this move (entry #${removal}, already sent), ` +
          'and sending this now would undo that. Discard this one, or scan the tube into the well again if it is ' +
          'the one you want.',
      );
    },
  );

  // Named by its uuid, a held change holds the move (the next test); named by its hrid, it sits in
  // another lane than the one the move looks at, so the move can go first and this guard is what stops it.
  it.each(['hrid'] as const)(
    'a held well change sent anyway after a move into that well was sent (plate by %s) is not sent',
    async (by) => {
      const b = await bench();
      // Made on a plate as read before another bench changed it: held for a look.
      const set = b.outbox.enqueue({
        type: 'well-set',
        manifest: b.ref(by),
        position: 'A5',
        sample: { id: 'S-0001', labsheet: 'Samples' },
        label: 'SAMPLE',
        tags: [],
        basis: { lastUpdate: '2020-01-01T00:00:00.000Z', emptySpaces: 96 },
      });
      b.engine.start();
      await until(() => b.state(set) === 'failed', 10_000, 'the change held');
      expect(b.outbox.get(set)!.lastError!.kind).toBe('plate-changed');

      // Then a tube is moved into A5 on Assign location: sent, done.
      const move = b.move();
      await until(() => b.state(move) === 'done', 10_000, 'the move sent');
      expect(b.onService()).toBe('S-0131');

      // "Send anyway" on the held change: sent now, it would put S-0001 over the tube moved in since.
      for (let i = 0; i < 3 && b.outbox.get(set)!.lastError?.kind === 'plate-changed'; i++) {
        b.engine.retry(set);
        await b.engine.syncNow();
      }
      expect(b.onService()).toBe('S-0131');
      expect(b.outbox.get(set)).toMatchObject({ state: 'failed', lastError: { kind: 'superseded' } });
      expect(b.outbox.get(set)!.lastError!.message).toBe(
        `Not sent: a tube was put in well A5 of ${PLATE} on Assign location after this change (entry #${move}, ` +
          'already sent), and sending this now would undo that. Discard this one, or make the change on Well fill ' +
          'again if it is the one you want.',
      );
    },
  );

  it('a move into a well waits for an older change of it held for a look, and goes right after "Send anyway"', async () => {
    const b = await bench();
    // Made on a plate as read before another bench changed it: held for a look.
    const removal = b.outbox.enqueue({
      type: 'well-remove',
      manifest: b.ref('uuid'),
      position: 'A5',
      fields: ['SAMPLE'],
      basis: { lastUpdate: '2020-01-01T00:00:00.000Z', emptySpaces: 96 },
    });
    const move = b.move();
    b.engine.start();
    await until(() => b.state(removal) === 'failed', 10_000, 'the change held');
    expect(b.outbox.get(removal)!.lastError!.kind).toBe('plate-changed');
    await b.engine.syncNow();
    expect(b.state(move)).toBe('pending');
    expect(b.onService()).toBeNull();

    expect(b.engine.retry(removal)).toBe(true);
    await until(() => b.state(move) === 'done', 10_000, 'the move sent');
    expect(b.state(removal)).toBe('done');
    expect(b.onService()).toBe('S-0131');
  });

  it('a move into another well of the plate, or a label on the well, leaves a retried move alone', async () => {
    const b = await bench();
    await b.otherPuts('S-0099');
    const move = b.move();
    b.engine.start();
    await until(() => b.state(move) === 'failed', 10_000, 'the move refused');
    // The other bench frees A5; here, A6 gets a sample and A5 only a label change that keeps its sample.
    await b.client.updateManifest({
      uuid: b.plate.uuid,
      plate: { removeFromWells: [{ position: 'A5', fields: ['SAMPLE', 'LABEL'] }] },
    });
    const other = b.outbox.enqueue({
      type: 'well-set',
      manifest: b.ref('uuid'),
      position: 'A6',
      sample: { id: 'S-0002', labsheet: 'Samples' },
    });
    const label = b.outbox.enqueue({ type: 'well-remove', manifest: b.ref('hrid'), position: 'A5', fields: ['TAGS'] });
    await until(() => b.state(other) === 'done' && b.state(label) === 'done', 10_000, 'the well changes sent');

    expect(b.engine.retry(move)).toBe(true);
    await b.engine.syncNow();
    expect(b.state(move)).toBe('done');
    expect(b.onService()).toBe('S-0131');
  });
});
