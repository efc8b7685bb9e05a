import { expect, test, type Page } from '@playwright/test';
import { useStack } from './stack.js';
import { noneStopped, openScreen, scanAndWait, signIn } from './user.js';

/**
 * A plate half filled on one service, then the connection switched to another in Settings: Well fill
 * starts clean for the new service and says why; the plate scanned there is that service's, and its
 * tube lands there; the notebook page remembered for the plate record is per service too. Switching
 * back finds the first plate as it was left. The stack's sandbox is one
 * service, the host's embedded sandbox the other.
 */
const stack = useStack();

async function connectTo(page: Page, to: 'local' | string): Promise<void> {
  await openScreen(page, 'Settings');
  const conn = page.getByTestId('connection-form');
  if (to === 'local') await conn.getByLabel('Local sandbox (demo data on this computer)').check();
  else {
    await conn.getByLabel('Lab Data Service at these addresses').check();
    await conn.getByLabel('Base URL').fill(to);
  }
  // Asked first when changes wait for the service in use; they stay queued for it.
  page.once('dialog', (d) => void d.accept());
  await conn.getByRole('button', { name: 'Save connection' }).click();
  await expect(page.getByTestId('connection-message')).toContainText('Connection saved');
}

test('Well fill after a connection switch: the old plate is not shown or filled; the new service’s plate is', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, stack);
  await openScreen(page, 'Well fill');
  await scanAndWait(page, 'PLT000003', 'PL-0003');
  for (let n = 11; n <= 14; n++) await scanAndWait(page, `TB0000${n}`, `S-00${n}`);
  const filled = page.locator('[data-testid^="well-"][data-sample^="S-001"]');
  await expect(filled).toHaveCount(4);
  const filledHere = await filled.evaluateAll((ws) => ws.map((w) => w.getAttribute('data-testid')));
  // Its record filed into a page of this service: the page is remembered for the next plate, on this service.
  const recordOptions = page.getByText('Labflow link and "plate completed" (files the plate record)');
  await recordOptions.click();
  // A lab's service (this one is given by its address): the practice lab's labflow and test are not
  // filled in, so one press cannot link the plate to whatever that service calls LF-0001.
  await expect(page.getByLabel('Labflow')).toHaveValue('');
  await expect(page.getByLabel('Test', { exact: true })).toHaveValue('');
  await page.getByTestId('labflow-link').click();
  await expect(page.getByTestId('last-scan')).toContainText('Not linked: give the labflow and the test');
  await page.getByTestId('record-page').fill('EXP-0001');
  await page.getByTestId('plate-completed').click();
  await expect(page.getByTestId('last-scan')).toContainText('PL-0003 completed: its record is queued for EXP-0001');

  await connectTo(page, 'local');
  await page.keyboard.press('Alt+1');
  await expect(page.getByTestId('last-scan')).toContainText(
    'Connection changed to the local sandbox (API v2): scan the plate again.',
  );
  await expect(page.getByTestId('plate-info')).toHaveCount(0);
  await expect(page.getByTestId('plate-map')).toHaveCount(0);

  await scanAndWait(page, 'TB000020', 'Scan a plate or box first');
  await scanAndWait(page, 'PLT000003', /^.*PL-0003 · /);
  await expect(page.locator('[data-testid^="well-"][data-sample^="S-001"]')).toHaveCount(0);
  await scanAndWait(page, 'TB000020', /S-0020 → [A-H]\d+/);
  await expect(page.getByTestId('count-pending')).toHaveText('0', { timeout: 20_000 });
  await noneStopped(page);
  await expect(page.locator('[data-testid^="well-"][data-sample="S-0020"]')).toHaveAttribute('data-sync', 'synced');
  // Another service's EXP-0001 is another page: nothing is offered from the first service.
  await recordOptions.click();
  await expect(page.getByTestId('record-page')).toHaveValue('');

  // Back to the first service (its token is kept for its addresses): the plate as it was left there.
  await connectTo(page, stack.sandboxUrl);
  await page.keyboard.press('Alt+1');
  await expect(page.getByTestId('last-scan')).toContainText('PL-0003 is open again as you left it on this service');
  for (const id of filledHere) await expect(page.getByTestId(id!)).toHaveAttribute('data-sample', /^S-001/);
  await expect(page.locator('[data-testid^="well-"][data-sample="S-0020"]')).toHaveCount(0);
  await recordOptions.click();
  await expect(page.getByTestId('record-page')).toHaveValue('EXP-0001');
});
