import { describe, expect, it } from 'vitest';
import { SYSTEM_CHROMIUM } from '../../../../helpers/chromium-page.js';
import { entryRowPage } from './entry-row-page.js';

/**
 * The Outbox's row (EntryRow.svelte) of a well change held for a look, in a real Chromium. "Send anyway"
 * sends every change held on the plate (main's retry): the old row said only "Send anyway", and after the
 * press "Will be sent over the plate as it is now", while all five rows of the plate went. The button now
 * says how many go when more than this one, and the words after the press say how many were queued again
 * and that later changes to the plate are no longer held for what changed there so far. Skipped where no
 * system Chromium is installed (see SETUP-NOTES).
 */
/** A well change held for a look as main lists it, with what its Send anyway sends (main's count). */
const held = (id: number, position: string, sendAnyway?: { n: number; plate: string }) => ({
  id,
  type: 'well-set',
  target: 'manifest:PL-0003',
  summary: `PL-0003 ${position} ← S-00${id}`,
  intent: {
    type: 'well-set',
    manifest: { hrid: 'PL-0003' },
    position,
    sample: { id: `S-00${id}`, labsheet: 'Samples' },
  },
  state: 'failed',
  attempts: 1,
  lastError: {
    kind: 'plate-changed',
    message: 'Needs a look: plate PL-0003 changed on the service since these scans.',
  },
  mayHaveArrived: 'held',
  createdAt: 1_700_000_000_000,
  ...(sendAnyway ? { sendAnyway } : {}),
});

describe.skipIf(!SYSTEM_CHROMIUM)('the Outbox row of a held well change in Chromium', { retry: 1 }, () => {
  const rows = entryRowPage();

  it('says before and after the press how many changes held on the plate Send anyway sends', async () => {
    const page = await rows.show([
      held(11, 'A2', { n: 5, plate: 'PL-0003' }),
      held(12, 'B1', { n: 1, plate: 'PL-0004' }),
    ]);
    const five = page.getByTestId('retry-11');
    await expect.poll(() => five.count()).toBe(1);
    expect((await five.textContent())?.trim()).toBe('Send anyway (all 5 held on PL-0003)');
    expect(await five.getAttribute('title')).toMatch(/^Sends all 5 changes held on PL-0003, not only this one/);
    // Alone on its plate: the plain word, its tooltip naming the plate.
    const one = page.getByTestId('retry-12');
    expect((await one.textContent())?.trim()).toBe('Send anyway');
    expect(await one.getAttribute('title')).toBe('Sends this change over PL-0004 as it is now.');

    await five.click();
    await one.click();
    const acts = await rows.acts();
    expect(acts).toEqual([
      {
        channel: 'outbox.retry',
        id: 11,
        done:
          'All 5 changes held on PL-0003 will be sent over the plate as it is now. ' +
          'Your later changes to it are no longer held for what changed there so far.',
      },
      {
        channel: 'outbox.retry',
        id: 12,
        done:
          'Will be sent over PL-0004 as it is now. ' +
          'Your later changes to it are no longer held for what changed there so far.',
      },
    ]);
  });
});
