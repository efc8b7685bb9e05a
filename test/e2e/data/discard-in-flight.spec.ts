import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { openData, useToken } from './helpers.js';
import { useHostWithFixture } from './second-host.js';

/**
 * "Discard them" on changes kept for another service, one of which was on its way out when the user
 * switched: the question counts only what is discarded and says the other is being sent; the answer
 * says what was done. The other service is a local listener the test drives: it answers the first
 * event with a failure (a 500: it may have arrived, so the event is uncertain and waits for the user)
 * and holds every other request unanswered until the test releases it. The host gives each request
 * longer than the test takes (`--sync-timeout`), so the second event stays in flight while the test
 * switches and discards however slow the machine is; with the default 15 s it stayed in flight only
 * by the margin of that timeout.
 */
test.describe('discarding changes kept for another service while one is being sent', () => {
  const host = useHostWithFixture('duplicate-folders.json', { args: ['--sync-timeout', '600'] });
  let held: Server;
  /** Events that reached the listener. */
  let sent = 0;
  let heldUrl = '';
  /** Lets go of every request still held: the connections close, unanswered. */
  const release = () => held.closeAllConnections();
  test.beforeAll(async () => {
    held = createServer((req, res) => {
      if (req.method !== 'POST' || req.url !== '/webhook/custom') return;
      sent += 1;
      if (sent > 1) return;
      req.resume();
      req.on('end', () =>
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ success: false, message: 'Operation failed' })),
      );
    });
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
    const address = held.address();
    if (address === null || typeof address === 'string') throw new Error('the held listener has no port');
    heldUrl = `http://127.0.0.1:${address.port}`;
  });
  test.afterAll(async () => {
    release();
    await new Promise((resolve) => held.close(resolve));
  });

  test('the question counts only what will be discarded and names the change in flight', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(host.url);
    const nav = page.getByRole('navigation', { name: 'Workflows' });
    await nav.getByRole('button', { name: /^Settings/ }).click();
    const conn = page.getByTestId('connection-form');
    await conn.getByLabel('Lab Data Service at these addresses').check();
    await conn.getByLabel('Base URL').fill(heldUrl);
    await conn.getByRole('button', { name: 'Save connection' }).click();
    await useToken(page, 'held-test-token');

    // The first event goes out and the service fails it; the second, queued meanwhile, goes out next
    // and is held.
    await openData(page, 'Webhooks', host.url);
    await page.getByTestId('webhook-json').fill('{"event": "answer.lost"}');
    await page.getByRole('button', { name: /Send event/ }).click();
    await expect.poll(() => sent, { timeout: 10_000 }).toBe(1);
    await openData(page, 'Webhooks', host.url);
    await page.getByTestId('webhook-json').fill('{"event": "in.flight"}');
    await page.getByRole('button', { name: /Send event/ }).click();
    await expect.poll(() => sent, { timeout: 40_000 }).toBe(2);

    await nav.getByRole('button', { name: /^Settings/ }).click();
    page.once('dialog', (d) => void d.accept());
    await conn.getByLabel('Local sandbox (demo data on this computer)').check();
    await conn.getByRole('button', { name: 'Save connection' }).click();
    await expect(page.getByTestId('connection-message')).toContainText('Connection saved');

    await nav.getByRole('button', { name: /^Outbox/ }).click();
    const waiting = page.getByTestId('waiting-elsewhere');
    await expect(waiting).toContainText(`1 change is waiting to be sent to ${heldUrl}`);
    await expect(waiting).toContainText('may or may not have arrived');
    const label = `${heldUrl} (API v2)`;
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.accept();
    });
    await waiting.getByTestId('discard-waiting').click();
    await expect(page.getByTestId('discard-waiting-message')).toHaveText(
      `Discarded 1 change kept for ${label}; it will never be sent.`,
    );
    expect(asked).toEqual([
      `Discard the 1 change kept for ${label}? It will never be sent. It may be on the service already: ` +
        'discarding forgets it on this computer, it does not take it back there.\n\n' +
        `1 change is being sent to ${label} right now and will not be discarded: if it fails, it stays here ` +
        'to retry or discard.',
    ]);
    // The one in flight is still listed for that service, to settle by itself; nothing more was sent.
    await expect(waiting).toHaveText(/^1 change is waiting to be sent to .*: sent when you switch back/);
    expect(sent).toBe(2);
    release();
  });
});
