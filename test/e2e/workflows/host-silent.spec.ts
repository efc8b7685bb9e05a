import { expect, test } from '@playwright/test';
import { DEMO_TOKEN, useStack } from './stack.js';
import { enterToken, openScreen, scan, scanAndWait, signIn } from './user.js';
import { holdingHost, silentHost } from './silent-host.js';

/**
 * A host that says nothing: at the start (a bench screen cannot read its settings, says why and offers
 * Try again), and after the connection is up (the page says Benchlink is not answering while the scan
 * waits for it, and clears that once the host answers and the scan is saved).
 */
const stack = useStack();

test('Well fill while the host does not answer at the start: says why it cannot open, with Try again that opens it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const host = await silentHost(page);
  await page.goto(stack.hostUrl);
  await expect(page.getByText('Loading Well fill…')).toBeVisible();

  const unread = page.getByTestId('screen-unread');
  await expect(unread).toContainText(
    'Well fill cannot open: the settings could not be read. The Benchlink host did not answer in time',
    { timeout: 20_000 },
  );
  // The host answers again: the connections it left hanging end, and Try again reads at once.
  await host.answer();
  await unread.getByRole('button', { name: 'Try again' }).click();
  await expect(unread).toHaveCount(0, { timeout: 10_000 });
  await expect(page.getByTestId('plate-picker')).toBeVisible();
  await enterToken(page, DEMO_TOKEN);
});

test('the host goes silent after the connection is up: the page says so within seconds, and clears it once the scan is saved', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const host = await holdingHost(page);
  await signIn(page, stack);
  await openScreen(page, 'Well fill');
  await scanAndWait(page, 'PLT000002', 'PL-0002');

  host.hold();
  const started = Date.now();
  await scan(page, 'TB000081');
  const banner = page.getByTestId('banner-host-silent');
  await expect(banner).toContainText('Benchlink is not answering', { timeout: 10_000 });
  expect(Date.now() - started).toBeLessThan(9_000);
  await expect(banner).toContainText('not saved yet; they are saved as soon as it answers');
  // Not acknowledged meanwhile: the scan is waiting, not lost and not refused.
  await expect(page.getByTestId('last-scan')).not.toContainText('S-0081');
  await expect(page.getByTestId('last-scan')).not.toContainText('NOT RECORDED');

  host.release();
  await expect(page.getByTestId('last-scan')).toContainText('S-0081 →', { timeout: 10_000 });
  await expect(banner).toHaveCount(0);
  await expect(page.locator('[data-sample="S-0081"]')).toHaveCount(1);
});
