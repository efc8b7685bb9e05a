import { expect, type Page } from '@playwright/test';
import { sharedHostUrl } from '../shared-host.js';

export const hostUrl = sharedHostUrl;

/** Opens the app at the Data screen's given tab (by its visible label). */
export async function openData(page: Page, tab: string, url = hostUrl()): Promise<void> {
  await page.goto(url);
  await page.getByRole('navigation', { name: 'Workflows' }).getByRole('button', { name: /^Data/ }).click();
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
}

/** Unique names, so tests that create things can run again against the same host. */
export const unique = (prefix: string): string =>
  `${prefix}-${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 100)}`;

/** Saves a token through Settings, as a user would (write-only field): the workflows' own sign-in step. */
export { enterToken as useToken } from '../workflows/user.js';

/** Back to the sandbox's demo (Super Admin) token. */
export async function clearToken(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Workflows' })
    .getByRole('button', { name: /^Settings/ })
    .click();
  const clear = page.getByTestId('token-form').getByRole('button', { name: 'Clear token' });
  if (await clear.isEnabled()) await clear.click();
  await expect(page.getByTestId('token-status')).toContainText('demo token');
}

/** Fails the test on any script error or CSP violation the page reports. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}
