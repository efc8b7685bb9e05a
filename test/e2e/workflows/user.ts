import { expect, type Page } from '@playwright/test';

/** A scanner types fast (≈5 ms per key) and ends with Enter; this is what the page receives. */
export async function scan(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press('Enter');
}

/** Scans and waits for the acknowledgement (the last-scan line changes) before the next one. */
export async function scanAndWait(page: Page, text: string, expectOutcome?: string | RegExp): Promise<void> {
  const line = page.getByTestId('last-scan');
  const before = Number(await line.getAttribute('data-seq'));
  await scan(page, text);
  await expect.poll(async () => Number(await line.getAttribute('data-seq'))).toBeGreaterThan(before);
  if (expectOutcome) await expect(line).toContainText(expectOutcome);
}

/** Gives the app the service's token through Settings, as a user would (the field is write-only). */
export async function enterToken(page: Page, token: string): Promise<void> {
  await page.getByRole('button', { name: /^Settings/ }).click();
  await page.getByLabel('New token').fill(token);
  await page.getByTestId('token-form').getByRole('button', { name: 'Save token' }).click();
  await expect(page.getByTestId('token-message')).toHaveText('Token saved.');
}

export async function openScreen(page: Page, label: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Workflows' }).getByRole('button', { name: new RegExp(`^${label}`) }).click();
}

/** A screenshot for the README once the scan flash has faded, so the picture shows the screen. */
export async function shot(page: Page, name: string): Promise<void> {
  await expect(page.getByTestId('flash')).toHaveCount(0, { timeout: 3000 });
  await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: true });
}
