import { expect, test } from '@playwright/test';
import { DEMO_TOKEN, useStack } from './stack.js';
import { enterToken, openScreen } from './user.js';
import { silentHost } from './silent-host.js';

/**
 * Settings opened at once after start, while the host took the page's connection and then said
 * nothing (hung or busy): the screen says why it has nothing to show and offers to try again, rather
 * than "Loading settings…" for ever; once the host answers, its fields are there.
 */
const stack = useStack();

test('Settings while the host does not answer: says so with Try again, then shows its fields once it answers', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const host = await silentHost(page);
  await page.goto(stack.hostUrl);
  await openScreen(page, 'Settings');
  await expect(page.getByText('Loading settings…')).toBeVisible();

  const unread = page.getByTestId('settings-unread');
  await expect(unread).toContainText('The settings could not be read. The Benchlink host did not answer in time', {
    timeout: 20_000,
  });
  const again = unread.getByRole('button', { name: 'Try again' });
  await again.click();
  await expect(unread.getByRole('button', { name: 'Trying…' })).toBeDisabled();
  // The page is already trying again by itself: the press waits for that attempt, and says so, with
  // when it started and until when it waits (up to 10 s), instead of looking like a fresh try.
  await expect(page.getByTestId('settings-unread-connecting')).toContainText(
    /Connecting to Benchlink: this attempt started at \d{1,2}:\d{2}:\d{2}\s*(AM|PM)?\s+and waits for its answer until\s+\d{1,2}:\d{2}:\d{2}/,
  );

  // The host answers again: the connections it left hanging end, and the next one is served.
  await host.answer();
  await expect(unread).toHaveCount(0, { timeout: 20_000 });
  await enterToken(page, DEMO_TOKEN);
});
