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
    // Straight on to the token, as a user pasting it at once: saving first looks at the queue, so the
    // token form waits for the save, and the token is kept for the new addresses, not the sandbox.
    await useToken(page, 'offline-test-token');
    await expect(page.getByTestId('token-for')).toHaveText('For http://127.0.0.1:9 (API v2).');
    await expect(page.getByTestId('token-status')).toContainText('A token is set');

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

    // Switching to the sandbox with that change waiting: asked first, and the change is not sent there.
    const nav = page.getByRole('navigation', { name: 'Workflows' });
    await nav.getByRole('button', { name: /^Settings/ }).click();
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.accept();
    });
    await conn.getByLabel('Local sandbox (demo data on this computer)').check();
    await conn.getByRole('button', { name: 'Save connection' }).click();
    await expect(page.getByTestId('connection-message')).toContainText('Connection saved');
    expect(asked[0]).toContain('1 change is waiting to be sent to http://127.0.0.1:9');

    await nav.getByRole('button', { name: /^Outbox/ }).click();
    const waiting = page.getByTestId('waiting-elsewhere');
    await expect(waiting).toContainText('1 change is waiting to be sent to http://127.0.0.1:9');
    await expect(page.getByTestId('count-elsewhere')).toHaveText('1');
    // One change is "it": "discard them" after "1 change" reads as a misprint.
    await expect(waiting.getByTestId('discard-waiting')).toHaveText('discard it');
    page.once('dialog', (d) => void d.accept());
    await waiting.getByTestId('discard-waiting').click();
    await expect(waiting).toHaveCount(0);
  });
});
