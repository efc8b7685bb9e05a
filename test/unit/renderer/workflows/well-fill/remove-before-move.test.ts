import { describe, expect, it, vi } from 'vitest';
import { removeFromWells } from '../../../../../renderer/workflows/well-fill/well-edits.js';
import { describeWell } from '../../../../../renderer/lib/plate-map/well-words.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A tube moved into a plate on Assign location and taken out again on Well fill before the move was
 * sent: the removal must land after the move, whatever the two lanes meet on the way (the service
 * away, one lane failed by it, older changes to the plate ahead of the removal). Both screens on the
 * real main in-process; main reaches the real sandbox through the fault proxy.
 */
const openBenches = benchesPerTest();

const PLATE = 'PLT000003'; // PL-0003, 96 wells, empty

/** Until `count` has not changed for `quietMs`: every request something already started has arrived. */
async function requestsSettled(count: () => number, quietMs = 400): Promise<void> {
  let last = count();
  let since = Date.now();
  await vi.waitFor(
    () => {
      const n = count();
      if (n !== last) [last, since] = [n, Date.now()];
      expect(Date.now() - since).toBeGreaterThanOrEqual(quietMs);
    },
    { timeout: 10_000, interval: 50 },
  );
}

async function bench(profile: 'spec' | 'extended') {
  const b = await openBenches(profile);
  const { scan: assign } = b.assignScreen();
  // Both screens read the plate, and the tubes' rows, while the service answers.
  await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
  await assign(PLATE);
  await b.scan(PLATE);
  /** The service is unreachable: nothing answers, what is queued stays queued. */
  const away = () => b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
  return {
    ...b,
    assign,
    onService: (position: string) => b.heldOnService(PLATE, position),
    away,
    /** Paths the service received, in order. */
    received: () =>
      b
        .proxy()
        .requests.filter((r) => r.forwarded && r.method === 'POST')
        .map((r) => r.path),
    /** Offline, Assign location moves TB000131 into A5, and Well fill's reading of the plate goes unanswered. */
    async moveIntoA5Offline() {
      away();
      await assign('A5');
      await assign('TB000131');
      expect(await b.s.refresh()).toBe(false);
    },
    /**
     * Well fill takes A5's tube out; the box read again on Assign location has A5 free again, and the
     * next tube, TB000132, goes there.
     */
    async emptyA5AndMoveAnother() {
      expect(await removeFromWells(b.s, ['A5'], 'SAMPLE')).toBe('Removed sample from A5');
      await assign(PLATE);
      await assign('A5');
      await assign('TB000132');
      expect(b.said()).toMatch(/TB000132 → .* A5$/);
    },
  };
}

describe.each(['spec', 'extended'] as const)('Well fill removes a tube whose move is not sent yet (%s)', (profile) => {
  it('behind older changes to the plate: the plate ends without the tube, nothing failed', async () => {
    const b = await bench(profile);
    b.away();
    await b.scan('TB000001'); // an older change of the plate: its lane goes first
    expect(b.said()).toMatch(/^S-0001 → A1/);
    await b.assign('A5');
    await b.assign('TB000131');
    expect(b.said()).toMatch(/TB000131 → .* A5$/);

    expect(await b.s.refresh()).toBe(false);
    expect(b.s.wells['A5']).toMatchObject({ sample: 'TB000131', assigned: true, sync: 'pending' });
    expect(await removeFromWells(b.s, ['A5'], 'SAMPLE')).toBe('Removed sample from A5');

    // The removal waits for the move, and the Outbox says why.
    const removal = (await b.entries()).find((e) => e.intent?.type === 'well-remove')!;
    expect(removal.waiting).toMatch(/^Waiting for #\d+ \(TB000131 → PL-0003 A5\b.*\), a move of a tube into this well/);

    b.proxy().setFaults([]);
    await b.sync();
    expect(b.onService('A1')).toBe('S-0001');
    expect(b.onService('A5')).toBeNull();
    const all = await b.entries();
    expect(all.filter((e) => e.state !== 'done')).toEqual([]);
    const sent = b.received();
    expect(sent.lastIndexOf('/labsheets/assign-location')).toBeLessThan(sent.lastIndexOf('/manifest/update'));

    expect(await b.s.load({ barcode: PLATE })).toBe(true);
    expect(b.s.wells['A5']?.sample).toBeNull();
  });

  it('while the service fails the move once: the removal waits for it, then goes', async () => {
    const b = await bench(profile);
    await b.moveIntoA5Offline();
    expect(await removeFromWells(b.s, ['A5'], 'SAMPLE')).toBe('Removed sample from A5');

    b.proxy().setFaults([{ path: '/labsheets/assign-location', fault: { kind: 'status', status: 503 }, count: 1 }]);
    await b.sync();
    // The move's lane waits out its backoff; the removal must not go before it.
    expect(b.received()).not.toContain('/manifest/update');
    const removal = (await b.entries()).find((e) => e.intent?.type === 'well-remove')!;
    expect(removal.state).toBe('pending');

    await b.sync();
    expect(b.onService('A5')).toBeNull();
    expect((await b.entries()).filter((e) => e.state !== 'done')).toEqual([]);
  });

  it('a plate another bench changed meanwhile still waits for a look after the move', async () => {
    const b = await bench(profile);
    await b.moveIntoA5Offline();
    await removeFromWells(b.s, ['A5'], 'SAMPLE');
    await b.otherPuts(PLATE, 'H12', 'S-0099');

    b.proxy().setFaults([]);
    await b.sync();
    const [move, removal] = ['location-assign', 'well-remove'].map((t) =>
      b.entries().then((es) => es.find((e) => e.intent?.type === t)!),
    );
    expect((await move)!.state).toBe('done');
    expect((await removal)!.lastError?.message).toMatch(/^Needs a look: plate PL-0003 changed on the service/);
  });
});

describe.each(['spec', 'extended'] as const)('Well fill: a move into the plate the service refused (%s)', (profile) => {
  it('is drawn refused with the reason, and leaves the well once discarded, without reading the plate again', async () => {
    const b = await bench(profile);
    await b.moveIntoA5Offline();
    expect(b.s.wells['A5']).toMatchObject({ sample: 'TB000131', assigned: true, sync: 'pending' });
    await b.otherPuts(PLATE, 'A5', 'S-0099'); // the well is taken meanwhile: the service refuses the move

    b.proxy().setFaults([]);
    await b.sync();
    const move = (await b.entries()).find((e) => e.intent?.type === 'location-assign')!;
    expect(move.state).toBe('failed');
    await vi.waitFor(() => expect(b.s.wells['A5']?.reason?.serviceSaid).toMatch(/Conflict|already holds S-0099/));
    // It never happened: the well is drawn as it was, with the "!" naming the tube, as a plate read draws it.
    expect(b.s.wells['A5']).toMatchObject({ sample: null, sync: 'refused', unmade: { id: 'TB000131' } });

    // Assign location reads its box again on the refusal (its own screen's doing, not Well fill's): counted
    // once the requests have stopped, so that read cannot land in Well fill's count.
    await requestsSettled(() => b.proxy().requests.length);
    const reads = b.proxy().requests.length;
    expect((await b.env.call('outbox.discard', { id: move.id })).ok).toBe(true);
    await vi.waitFor(() => expect(b.s.wells['A5']).toMatchObject({ sample: null, assigned: false, sync: null }));
    expect(b.s.wells['A5']?.reason).toBeNull();
    expect(b.s.wellOfSample('TB000131')).toBeNull();
    expect(b.proxy().requests.length).toBe(reads);
  });
});

describe.each(['spec', 'extended'] as const)('Well fill: its own change the service refused (%s)', (profile) => {
  it('is drawn refused with the reason, and once discarded the well shows what it held before, without reading the plate again', async () => {
    const b = await bench(profile);
    await b.scan('TB000001');
    expect(b.said()).toMatch(/^S-0001 → A1/);
    await b.sync();
    // A sample the labsheet does not have, used anyway: the service refuses it.
    await b.scan('S-9999');
    expect(b.s.guard?.kind).toBe('unknown-sample');
    await b.s.guard!.proceed();
    expect(b.s.wells['A2']).toMatchObject({ sample: 'S-9999', sync: 'pending' });

    await b.sync();
    const refused = (await b.entries()).find((e) => e.intent?.type === 'well-set' && e.intent.sample?.id === 'S-9999')!;
    expect(refused.state).toBe('failed');
    await vi.waitFor(() => expect(b.s.wells['A2']?.reason?.serviceSaid).toMatch(/Not found|S-9999/));
    expect(b.s.wells['A2']).toMatchObject({ sample: null, sync: 'refused' });

    const reads = b.proxy().requests.length;
    expect((await b.env.call('outbox.discard', { id: refused.id })).ok).toBe(true);
    await vi.waitFor(() => expect(b.s.wells['A2']).toMatchObject({ sample: null, sync: null, reason: null }));
    expect(b.s.wellOfSample('S-9999')).toBeNull();
    await vi.waitFor(() => expect(b.s.wells['A1']).toMatchObject({ sample: 'S-0001', sync: 'synced' }));
    expect(b.s.nextTarget('A1')).toBe('A2');
    expect(b.proxy().requests.length).toBe(reads);
  });

  it('a refused change over a filled well, discarded, leaves the well as it was', async () => {
    const b = await bench(profile);
    await b.scan('TB000001');
    await b.sync();
    await vi.waitFor(() => expect(b.s.wells['A1']).toMatchObject({ sample: 'S-0001', sync: 'synced' }));
    // Replaced by a sample the service refuses: "Replace", then "Use anyway" (the labsheet lacks it).
    await b.scan('A1');
    await b.scan('S-9999');
    expect(b.s.guard?.kind).toBe('occupied-well');
    await b.s.guard!.proceed();
    expect(b.s.guard?.kind).toBe('unknown-sample');
    await b.s.guard!.proceed();
    expect(b.s.wells['A1']).toMatchObject({ sample: 'S-9999', sync: 'pending' });
    await b.sync();
    const refused = (await b.entries()).find((e) => e.intent?.type === 'well-set' && e.state === 'failed')!;
    await vi.waitFor(() => expect(b.s.wells['A1']).toMatchObject({ sample: 'S-0001', sync: 'refused' }));

    expect((await b.env.call('outbox.discard', { id: refused.id })).ok).toBe(true);
    await vi.waitFor(() => expect(b.s.wells['A1']).toMatchObject({ sample: 'S-0001', sync: 'synced', reason: null }));
    expect(b.s.wellOfSample('S-0001')).toBe('A1');
    expect(b.s.wellOfSample('S-9999')).toBeNull();
  });

  it('refused, then the plate read again (back on the screen), then discarded: the well is as before', async () => {
    const b = await bench(profile);
    await b.scan('TB000001');
    await b.sync();
    await b.scan('S-9999');
    await b.s.guard!.proceed();
    await b.sync();
    const refused = (await b.entries()).find((e) => e.intent?.type === 'well-set' && e.state === 'failed')!;
    expect(refused).toBeDefined();
    // On the old code the refusal, arriving with the plate open, kept S-9999 in the well with the "!", and
    // the plate read again drew the well empty: one refusal, two drawings.
    await vi.waitFor(() => expect(b.s.wells['A2']?.sync).toBe('refused'));
    const live = JSON.parse(JSON.stringify(b.s.wells['A2'])) as unknown;
    expect(await b.s.refresh()).toBe(false);
    // One drawing: the plate read again draws the well as the open plate did.
    expect(JSON.parse(JSON.stringify(b.s.wells['A2'])) as unknown).toEqual(live);
    // A refused change never happened: the well is drawn as the service has it, with the red ! and reason.
    expect(b.s.wells['A2']).toMatchObject({ sample: null, sync: 'refused', unmade: { sample: { id: 'S-9999' } } });
    expect(b.s.wells['A2']?.reason?.serviceSaid).toMatch(/Not found|S-9999/);
    expect(describeWell(b.s.wells['A2']!)).toMatch(
      /^A2, empty, refused by the service: S-9999 was not put here\. .*Fix it in the Outbox/,
    );

    expect((await b.env.call('outbox.discard', { id: refused.id })).ok).toBe(true);
    await vi.waitFor(() => expect(b.s.wells['A2']).toMatchObject({ sample: null, sync: null, reason: null }));
    expect(b.s.wells['A1']).toMatchObject({ sample: 'S-0001' });
  });
});

describe.each(['spec', 'extended'] as const)(
  'Assign location moves another tube into the well Well fill emptied, none of it sent yet (%s)',
  (profile) => {
    it('the second move waits for the removal, so the second tube ends in the well', async () => {
      const b = await bench(profile);
      await b.moveIntoA5Offline();
      await b.emptyA5AndMoveAnother();

      const all = await b.entries();
      const removal = all.find((e) => e.intent?.type === 'well-remove')!;
      const second = all.find((e) => e.intent?.type === 'location-assign' && e.intent.id === 'TB000132')!;
      expect(second.id).toBeGreaterThan(removal.id);
      expect(second.waiting).toMatch(
        new RegExp(`^Waiting for #${removal.id} \\(.*\\), a change to this well made before this move on Well fill`),
      );

      b.proxy().setFaults([]);
      await b.sync();
      expect((await b.entries()).filter((e) => e.state !== 'done')).toEqual([]);
      expect(b.onService('A5')).toBe('S-0132');
    });
  },
);

describe('Well fill: a second move into a well that already holds this computer’s tube', () => {
  it('refused and discarded, it leaves the tube that is there drawn in the well', async () => {
    const b = await bench('spec');
    await b.assign('A5');
    await b.assign('TB000131');
    await b.sync();
    expect(b.onService('A5')).toBe('S-0131');

    // Another tube into the same well, as the Data screen queues it (Assign location refuses the well);
    // the service fails it once, so Well fill reads the plate while it waits.
    b.proxy().setFaults([{ path: '/labsheets/assign-location', fault: { kind: 'status', status: 503 }, count: 1 }]);
    const intent = {
      type: 'location-assign',
      labsheet: b.s.labsheet,
      locationId: b.sandbox().store.manifests.find('barcode', PLATE)!.uuid,
      idType: 'ID_BARCODE',
      id: 'TB000132',
      position: 'A5',
    } as const;
    const queued = await b.env.call('outbox.enqueue', { intent, readFrom: await b.env.service() });
    await b.sync();
    expect((await b.entries()).find((e) => e.id === queued.id)?.state).toBe('pending');
    expect(await b.s.refresh()).toBe(false);
    expect(b.s.wells['A5']).toMatchObject({ sample: 'TB000131', assigned: true });

    b.proxy().setFaults([]);
    await b.sync();
    const second = (await b.entries()).find((e) => e.id === queued.id)!;
    expect(second.state).toBe('failed');
    // Refused, it never happened: the well shows the tube that is there, not the refusal.
    await new Promise((r) => setTimeout(r, 200));
    expect(b.s.wells['A5']).toMatchObject({ sample: 'TB000131', assigned: true, sync: 'synced', reason: null });
    expect((await b.env.call('outbox.discard', { id: second.id })).ok).toBe(true);
    await vi.waitFor(async () => expect((await b.entries()).find((e) => e.id === second.id)?.state).toBe('discarded'));
    // Discarded, the tube that is in the well stays drawn there, as it is on the service.
    await new Promise((r) => setTimeout(r, 200));
    expect(b.s.wells['A5']).toMatchObject({ sample: 'TB000131', assigned: true, sync: 'synced' });
    expect(b.s.wellOfSample('TB000131')).toBe('A5');
  });
});

describe.each(['spec', 'extended'] as const)(
  'Assign location moves a tube into a well whose removal on Well fill is held for a look (%s)',
  (profile) => {
    /**
     * A5 holds TB000131 (moved there on Assign location, sent). Offline, Well fill takes it out and Assign location moves TB000132 into
     * the freed well; meanwhile another bench changes the plate, so once the service is back the
     * removal is held for a look, and the newer move must not go before it.
     */
    async function heldRemovalThenMove(other: (b: Awaited<ReturnType<typeof bench>>) => Promise<unknown>) {
      const b = await bench(profile);
      await b.assign('A5');
      await b.assign('TB000131');
      await b.sync();
      expect(b.onService('A5')).toBe('S-0131');
      expect(await b.s.refresh()).toBe(false);
      const moves = () => b.received().filter((p) => p === '/labsheets/assign-location').length;
      const movesBefore = moves();

      b.away();
      await b.emptyA5AndMoveAnother();
      await other(b);
      b.proxy().setFaults([]);
      await b.sync();
      const removal = (await b.entries()).find((e) => e.intent?.type === 'well-remove')!;
      expect(removal).toMatchObject({ state: 'failed', lastError: { kind: 'plate-changed' } });
      // Past the send moment the move's scan set (at most 500 ms): nothing sends it by itself later.
      await new Promise((r) => setTimeout(r, 700));
      // The move waits for the removal, and its line says what the user can do about it.
      const move = (await b.entries()).find((e) => e.intent?.type === 'location-assign' && e.intent.id === 'TB000132')!;
      expect(move.state).toBe('pending');
      expect(move.waiting).toMatch(
        new RegExp(
          `^Waiting for #${removal.id} \\(.*\\), a change to this well made before this move on Well fill, which ` +
            `needs a look: .* Press "Send anyway" on #${removal.id} .*; or "Discard" on #${removal.id}, and this goes without it\\.$`,
        ),
      );
      expect(moves()).toBe(movesBefore);
      return { b, removal, move };
    }

    it('Send anyway: the removal goes, then the move, and the new tube ends in A5', async () => {
      const { b, removal, move } = await heldRemovalThenMove((b) => b.otherPuts(PLATE, 'H12', 'S-0099'));
      expect((await b.env.call('outbox.retry', { id: removal.id })).ok).toBe(true);
      // Two sends, one after the other: under the whole suite's load on two cores this took over vi.waitFor's 1 s.
      await vi.waitFor(
        async () =>
          expect((await b.entries()).filter((e) => e.state !== 'done').map((e) => [e.id, e.state])).toEqual([]),
        { timeout: 10_000 },
      );
      expect(b.onService('A5')).toBe('S-0132');
      expect(b.onService('H12')).toBe('S-0099');
      const sent = b.received();
      expect(sent.lastIndexOf('/manifest/update')).toBeLessThan(sent.lastIndexOf('/labsheets/assign-location'));
      expect((await b.entries()).find((e) => e.id === move.id)?.state).toBe('done');
    });

    it('Discard: the move goes at once', async () => {
      // The other bench took the tube out itself: the user looks, and discards their own removal.
      const { b, removal, move } = await heldRemovalThenMove((b) => b.otherEmpties(PLATE, 'A5'));
      expect((await b.env.call('outbox.discard', { id: removal.id })).ok).toBe(true);
      await vi.waitFor(async () => expect((await b.entries()).find((e) => e.id === move.id)?.state).toBe('done'), {
        timeout: 10_000,
      });
      expect(b.onService('A5')).toBe('S-0132');
    });
  },
);

describe('Assign location moves a tube into a well whose change the service refused', () => {
  it('the refused change holds nothing: the move goes', async () => {
    const b = await bench('spec');
    // A sample the labsheet does not have, used anyway: the service refuses it.
    await b.scan('A5');
    await b.scan('S-9999');
    await b.s.guard!.proceed();
    await b.sync();
    const refused = (await b.entries()).find((e) => e.intent?.type === 'well-set')!;
    expect(refused.state).toBe('failed');
    expect(refused.lastError?.kind).not.toBe('plate-changed');

    await b.assign(PLATE);
    await b.assign('A5');
    await b.assign('TB000132');
    await b.sync();
    const move = (await b.entries()).find((e) => e.intent?.type === 'location-assign')!;
    expect(move).toMatchObject({ state: 'done' });
    expect(move.waiting).toBeUndefined();
    expect(b.onService('A5')).toBe('S-0132');
  });
});
