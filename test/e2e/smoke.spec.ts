import { expect, test } from '@playwright/test';
import { sharedHostUrl } from './shared-host.js';

const url = sharedHostUrl;

test('the browser host page loads and shows the app shell', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(url());
  await expect(page.getByText('Benchlink', { exact: true })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Workflows' });
  for (const label of ['Well fill', 'Assign location', 'Row update', 'Upload', 'Outbox', 'Data', 'Settings']) {
    await expect(nav.getByRole('button', { name: new RegExp(`^${label}`) })).toBeVisible();
  }
  // The local sandbox starts in-process and the header says so.
  await expect(page.getByTestId('connection-status')).toContainText('Local sandbox');
  await expect(page.getByTestId('connection-status')).not.toContainText('Unavailable');
  // No CSP violations or script errors on load.
  expect(errors).toEqual([]);
});

test('first start on the local sandbox: Well fill says it is a demo lab and names codes that scan', async ({
  page,
}) => {
  await page.goto(url());
  const hint = page.getByTestId('demo-hint');
  await expect(hint).toContainText('local sandbox: a demo lab on this computer');
  await expect(hint).toContainText("nothing you scan here reaches your lab's service");
  await expect(hint).toContainText('type PLT000001 and press Enter');
  // The suggested code is one the demo lab answers, typed as a newcomer would; the hint then goes.
  await expect(page.getByTestId('scan-field')).toBeFocused();
  await page.keyboard.type('PLT000001', { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('last-scan')).toContainText('PL-0001 · QC Plate 1');
  await expect(hint).toHaveCount(0);
});

test('npm start said why it runs the browser host and printed the URL with its key', () => {
  const out = process.env['BENCHLINK_E2E_START_OUTPUT'] ?? '';
  expect(out).toMatch(/not using Electron because .+\./);
  // The key is in the fragment, which the browser never sends to a server (or to another port).
  expect(out).toMatch(/Benchlink browser host: http:\/\/127\.0\.0\.1:\d+\/#k=[\w-]{43}/);
});

test('the page opened without its key can do nothing and says which URL to open', async ({ page }) => {
  const u = new URL(url());
  u.hash = '';
  await page.goto(u.href);
  await expect(page.getByTestId('no-key')).toContainText('open the full URL that `npm start` printed');
  // Only that: the bench beside it said "Ready for the first scan", and a scan was NOT RECORDED because
  // "Well fill took too long to open".
  await expect(page.getByTestId('scan-field')).toHaveCount(0);
  await expect(page.getByTestId('sync-banner')).toHaveCount(0);
});

test('the key leaves the address bar and survives a reload (sessionStorage, this port only)', async ({ page }) => {
  await page.goto(url());
  await expect(page.getByTestId('connection-status')).toContainText('Local sandbox');
  expect(new URL(page.url()).hash).toBe('');
  await page.reload();
  await expect(page.getByTestId('connection-status')).toContainText('Local sandbox');
  await expect(page.getByTestId('banner-error')).toHaveCount(0);
});

test('the Settings screen works: connection test, write-only token, high contrast', async ({ page }) => {
  await page.goto(url());
  await page.getByRole('button', { name: /^Settings/ }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  // The sandbox's demo token is used automatically, and the connection test passes with it.
  await expect(page.getByTestId('token-status')).toContainText('demo token');
  await page.getByTestId('connection-form').getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByTestId('connection-message')).toHaveText('Connected.');

  // A wrong candidate token is refused by the service, and the field never shows a stored value.
  const tokenField = page.getByLabel('New token');
  await expect(tokenField).toHaveValue('');
  await tokenField.fill('definitely-not-a-valid-token');
  await page.getByTestId('token-form').getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByTestId('token-message')).toContainText('refused');

  // Saving a token empties the field; the status says where it is kept (memory only here).
  await page.getByTestId('token-form').getByRole('button', { name: 'Save token' }).click();
  await expect(page.getByTestId('token-message')).toHaveText('Token saved.');
  await expect(tokenField).toHaveValue('');
  await expect(page.getByTestId('token-status')).toContainText('memory only');
  await expect(page.getByTestId('banner-memory-token')).toBeVisible();
  await page.getByTestId('token-form').getByRole('button', { name: 'Clear token' }).click();
  await expect(page.getByTestId('token-status')).toContainText('demo token');
  // The service shows a token once: one cleared by a slip is put back by Undo (focused, so Enter).
  await expect(page.getByTestId('token-undo')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('token-message')).toHaveText('Token put back.');
  await expect(page.getByTestId('token-status')).toContainText('memory only');
  await expect(page.getByTestId('token-undo')).toHaveCount(0);
  await page.getByTestId('token-form').getByRole('button', { name: 'Clear token' }).click();
  await expect(page.getByTestId('token-status')).toContainText('demo token');

  // High contrast applies at once and survives a reload (persisted by main).
  await page.getByTestId('high-contrast').check();
  await expect(page.locator('html')).toHaveAttribute('data-contrast', 'high');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-contrast', 'high');
  await page.getByRole('button', { name: /^Settings/ }).click();
  await page.getByTestId('high-contrast').uncheck();
  await expect(page.locator('html')).toHaveAttribute('data-contrast', 'normal');
});

test('Escape on the Settings forms drops what was typed and not saved', async ({ page }) => {
  await page.goto(url());
  await page.getByRole('button', { name: /^Settings/ }).click();
  const form = page.getByTestId('connection-form');
  // A half-typed address for another service: Escape puts the saved connection back, nothing is saved.
  await form.getByLabel('Lab Data Service at these addresses').check();
  await form.getByLabel('Base URL').fill('https://half.typ');
  await form.getByLabel('Base URL').press('Escape');
  await expect(page.getByTestId('connection-message')).toHaveText(
    'Edits dropped: the form shows the saved connection.',
  );
  await expect(form.getByLabel('Local sandbox (demo data on this computer)')).toBeChecked();
  await expect(form.getByLabel('Base URL')).toHaveCount(0);
  await expect(page.getByTestId('connection-status')).toContainText('Local sandbox');

  // A token typed and not saved: Escape empties the field (a secret is not left behind).
  const tokenField = page.getByLabel('New token');
  await tokenField.fill('5b2c8f0e-half-typed');
  await tokenField.press('Escape');
  await expect(tokenField).toHaveValue('');
  await expect(page.getByTestId('token-message')).toHaveText('Token not saved: the field is empty again.');
  await expect(page.getByTestId('token-status')).toContainText('demo token');
});
