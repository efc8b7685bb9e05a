import { describe, expect, it } from 'vitest';
import { LabflowLinks } from '../../../../../renderer/workflows/well-fill/labflow-link.js';
import { benchesPerTest, onPlate, type Benches } from '../../../../helpers/benches-on-main.js';
import { pruneEntry } from '../../../../helpers/pruned-entry.js';

/**
 * "Link plate samples" on Well fill, as the screen presses it, on the real main in-process and its
 * embedded sandbox (behind the fault proxy); "another bench" writes the plate over HTTP.
 */
const openBenches = benchesPerTest();

const PLATE = 'PLT000003'; // PL-0003, 96 wells, empty
const tube = (n: number) => `TB${String(n).padStart(6, '0')}`;

/** The plate open on Well fill with tubes 1 and 2 in A1, A2, sent; and a press of the link button. */
async function filledHere(b: Benches) {
  const w = await onPlate(b, PLATE);
  await w.scan(tube(1));
  await w.scan(tube(2));
  await w.sync();
  expect([w.onService('A1'), w.onService('A2')]).toEqual(['S-0001', 'S-0002']);
  const links = new LabflowLinks(() => w.env.api);
  // What the screen passes (its drawn wells too, which the link used to read).
  const from = () => {
    const shown = { plate: w.s.plate!, service: w.s.service, labsheet: w.s.labsheet, wells: w.s.wells };
    return shown;
  };
  const press = (labflow = 'LF-0001', test = 'PT-0001') => links.link(from(), labflow, test);
  const linksQueued = async () =>
    (await w.entries()).flatMap((e) => (e.intent?.type === 'labflow-link' ? [e.intent.request] : []));
  return { ...w, press, linksQueued };
}

describe('Link plate samples', () => {
  it('sends the labflow and test ids as checked, trimmed', async () => {
    const b = await filledHere(await openBenches('extended'));
    const done = await b.press(' LF-0001 ', 'PT-0001 ');
    expect(done).toEqual({ ok: true, said: '2 samples queued for LF-0001 / PT-0001' });
    const [sent] = await b.linksQueued();
    expect(sent).toMatchObject({ labflowId: 'LF-0001', protocoltemplateId: 'PT-0001' });
  }, 60_000);

  it('sends the ids without the AIM id a keyboard scanner set to send one typed in front', async () => {
    const b = await filledHere(await openBenches('extended'));
    // Sent as typed, "]C0LF-0001" named no labflow on the service.
    expect(await b.press(']C0LF-0001', ']C0PT-0001')).toEqual({
      ok: true,
      said: '2 samples queued for LF-0001 / PT-0001',
    });
    const [sent] = await b.linksQueued();
    expect(sent).toMatchObject({ labflowId: 'LF-0001', protocoltemplateId: 'PT-0001' });
  }, 60_000);

  it('pressed again for the same samples: linked already, nothing sent unless pressed once more', async () => {
    const b = await filledHere(await openBenches('extended'));
    expect((await b.press()).ok).toBe(true);
    const again = await b.press();
    expect(again.ok).toBe(false);
    expect(again.said).toMatch(
      /^Not linked: Linked already: these 2 samples of PL-0003 were queued for LF-0001 \/ PT-0001/,
    );
    expect(again.said).toMatch(/Press again to link them anyway\.$/);
    expect(await b.linksQueued()).toHaveLength(1);
    expect((await b.press()).ok).toBe(true);
    expect(await b.linksQueued()).toHaveLength(2);
  }, 60_000);

  // Main prunes an entry 30 days after it finished (sent, or taken out): one it no longer keeps may well
  // have linked the samples, so a second press still asks.
  it('pressed again once the first link is no longer kept: linked already, asked first', async () => {
    const b = await filledHere(await openBenches('extended'));
    expect((await b.press()).ok).toBe(true);
    await b.sync();
    const [sent] = (await b.entries()).filter((e) => e.intent?.type === 'labflow-link');
    expect(sent).toMatchObject({ state: 'done' });
    expect(pruneEntry(b.env.dataDir, sent!.id)).toBe(true);
    const again = await b.press();
    expect(again.ok).toBe(false);
    expect(again.said).toMatch(
      /^Not linked: Linked already: these 2 samples of PL-0003 were queued for LF-0001 \/ PT-0001/,
    );
    expect(await b.linksQueued()).toHaveLength(0);
  }, 60_000);

  it('pressed again after the first link was refused, with thousands of entries queued since: it goes without asking', async () => {
    const b = await filledHere(await openBenches('extended'));
    // A labflow the service does not have: it refuses the link.
    expect((await b.press('LF-9999')).ok).toBe(true);
    await b.sync();
    const [refused] = (await b.entries()).filter((e) => e.intent?.type === 'labflow-link');
    expect(refused).toMatchObject({ state: 'failed' });
    // Meanwhile 5,000 webhooks are queued (held: their service does not answer), so the refused link is
    // older than the newest 5,000 entries the Outbox lists.
    b.proxy().setFaults([{ path: '/webhook/custom', fault: { kind: 'reset-before' } }]);
    const hook = { type: 'webhook', payload: { event: 'plate-done' } } as const;
    for (let n = 0; n < 5; n++)
      await b.env.call('outbox.enqueueMany', { intents: Array.from({ length: 1000 }, () => hook) });

    const again = await b.press('LF-9999');
    expect(again).toEqual({ ok: true, said: '2 samples queued for LF-9999 / PT-0001' });
    const [newest] = await b.env.call('outbox.list', { states: ['pending'], newest: true, limit: 1 });
    expect(newest?.intent).toMatchObject({ type: 'labflow-link', request: { labflowId: 'LF-9999' } });
  }, 60_000);

  it("links the plate as it is now, another bench's samples too, not the screen's last drawing", async () => {
    const b = await filledHere(await openBenches('extended'));
    await b.otherPuts(PLATE, 'A3', 'S-0003');
    await b.otherPuts(PLATE, 'A4', 'S-0004');
    const done = await b.press();
    expect(done).toEqual({ ok: true, said: '4 samples queued for LF-0001 / PT-0001' });
    expect((await b.linksQueued())[0]?.sampleUuids).toHaveLength(4);
  }, 60_000);

  it('on a service that lists no wells, says how many used wells it cannot name before linking the rest', async () => {
    const b = await filledHere(await openBenches('spec'));
    await b.otherPuts(PLATE, 'A3', 'S-0003');
    await b.otherPuts(PLATE, 'A4', 'S-0004');
    const asked = await b.press();
    expect(asked.ok).toBe(false);
    expect(asked.said).toContain('2 used wells of PL-0003 hold samples this computer cannot name');
    expect(await b.linksQueued()).toHaveLength(0);
    expect(await b.press()).toEqual({ ok: true, said: '2 samples queued for LF-0001 / PT-0001' });
  }, 60_000);
});
