import { describe, expect, it } from 'vitest';
import { SYSTEM_CHROMIUM } from '../../../../helpers/chromium-page.js';
import { entryRowPage } from './entry-row-page.js';

/**
 * The Outbox's row (EntryRow.svelte) in a real Chromium. A failed upload offered Edit, and main refuses
 * every edit of an upload ("Files are queued through the upload screen, not by path"): the technician
 * corrected it, saved, and was told no, every time. Other failed entries keep Edit. Skipped where no
 * system Chromium is installed (see SETUP-NOTES).
 */
/** A failed entry as main lists it: refused by the service, so not unsure (Retry and Edit are offered). */
const failed = (id: number, intent: Record<string, unknown>, summary: string) => ({
  id,
  type: intent['type'],
  target: `t-${id}`,
  summary,
  intent,
  state: 'failed',
  attempts: 1,
  lastError: { kind: 'rejected', message: 'Rejected (UPLOAD_FAILED): disk full', at: 1 },
  mayHaveArrived: null,
  createdAt: 1_700_000_000_000,
});

const UPLOAD = {
  type: 'file-upload',
  stagedPath: '/data/staging/1234-run.csv',
  fileName: 'run.csv',
  size: 8,
  sha256: 'a'.repeat(64),
  isGlobal: false,
  fileSource: 'AI Lab Drive',
};
const WEBHOOK = { type: 'webhook', payload: { event: 'plate-done' } };

describe.skipIf(!SYSTEM_CHROMIUM)('the Outbox row of a failed upload in Chromium', { retry: 1 }, () => {
  const rows = entryRowPage();

  it('offers Retry and Discard but no Edit; a failed webhook keeps its Edit', async () => {
    const page = await rows.show([failed(1, UPLOAD, 'run.csv'), failed(2, WEBHOOK, 'webhook plate-done')]);
    await expect.poll(() => page.getByTestId('retry-1').count()).toBe(1);
    expect(await page.getByTestId('discard-1').count()).toBe(1);
    expect(await page.getByTestId('edit-1').count()).toBe(0);
    expect(await page.getByTestId('retry-2').count()).toBe(1);
    expect(await page.getByTestId('edit-2').count()).toBe(1);
  });
});
