import { expect, test } from '@playwright/test';
import { openData, useToken } from './helpers.js';
import { useHostWithFixture } from './second-host.js';

/**
 * A host of its own (so the shared one keeps its sandbox connection), pointed at an address where
 * nothing listens: reads explain that the service cannot be reached, and a write is queued — not
 * lost, not spinning — and says so.
 */
test.describe('Data screen without a reachable service', () => {
  const host = useHostWithFixture('duplicate-folders.json');

  test('reads explain the service is unreachable; a webhook is queued in the outbox', async ({ page }) => {
    await page.goto(host.url);
    await page
      .getByRole('navigation', { name: 'Workflows' })
      .getByRole('button', { name: /^Settings/ })
      .click();
    const conn = page.getByTestId('connection-form');
    await conn.getByLabel('Lab Data Service at these addresses').check();
    await conn.getByLabel('Base URL').fill('http://127.0.0.1:9');
    await conn.getByRole('button', { name: 'Save connection' }).click();
    await useToken(page, 'offline-test-token');

    await openData(page, 'Manifests', host.url);
    await page.getByTestId('manifest-query').fill('PL-0001');
    await page.getByTestId('manifest-query').press('Enter');
    await expect(page.getByTestId('manifest-error')).toContainText('cannot be reached');

    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await page.getByTestId('webhook-json').fill('{"event": "offline.check"}');
    await page.getByRole('button', { name: /Send event/ }).click();
    const status = page.getByTestId('webhook-status');
    await expect(status).toHaveAttribute('data-phase', 'queued', { timeout: 15_000 });
    await expect(status).toContainText('Queued in the outbox');
  });
});
