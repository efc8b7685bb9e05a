import { expect, test, type ConsoleMessage } from '@playwright/test';
import { useStack } from './stack.js';
import { openScreen, signIn } from './user.js';

const stack = useStack();
test.use({ viewport: { width: 1366, height: 768 } });

const SCREENS = ['Well fill', 'Assign location', 'Row update', 'Upload', 'Outbox', 'Data', 'Labels', 'Settings'];

test('every screen at 1366×768: no console error, no CSP report, no sideways scroll', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await signIn(page, stack);
  // A CSP violation is reported to the page as an event, whatever the console shows.
  await page.evaluate(
    `document.addEventListener('securitypolicyviolation', (e) => console.error('CSP ' + e.violatedDirective + ' ' + e.blockedURI))`,
  );
  for (const name of SCREENS) {
    if (name === 'Settings') await page.getByRole('button', { name: /^Settings/ }).click();
    else await openScreen(page, name);
    await expect(page.getByRole('heading', { level: 1 }).or(page.locator('main h1, main h2').first())).toBeVisible();
    await page.waitForTimeout(300);
    const [scrollWidth, clientWidth] = await page.evaluate<[number, number]>(
      '[document.scrollingElement.scrollWidth, document.scrollingElement.clientWidth]',
    );
    expect(scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
  }
  expect(problems).toEqual([]);
});
