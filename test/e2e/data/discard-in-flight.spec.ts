import { createServer, type Server, type Socket } from 'node:net';
import { expect, test } from '@playwright/test';
import { openData, useToken } from './helpers.js';
import { useHostWithFixture } from './second-host.js';

/**
 * "Discard them" on changes kept for another service, one of which was on its way out when the user
 * switched: the question counts only what is discarded and says the other is being sent; the answer
 * says what was done. The other service is a local listener that takes requests and never answers:
 * the first event is in flight until the app's own timeout (15 s) and is then uncertain; the second,
 * sent next, is in flight while the test switches and discards.
 */
test.describe('discarding changes kept for another service while one is being sent', () => {
  const host = useHostWithFixture('duplicate-folders.json');
  let silent: Server;
  const sockets = new Set<Socket>();
  /** Events that reached the listener: each stays in flight until the app gives up on it. */
  let sent = 0;
  let silentUrl = '';
  test.beforeAll(async () => {
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.once('data', (head: Buffer) => {
        if (head.toString('latin1').startsWith('POST /webhook/custom ')) sent += 1;
      });
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    if (address === null || typeof address === 'string') throw new Error('the silent listener has no port');
    silentUrl = `http://127.0.0.1:${address.port}`;
  });
  test.afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  test('the question counts only what will be discarded and names the change in flight', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(host.url);
    const nav = page.getByRole('navigation', { name: 'Workflows' });
    await nav.getByRole('button', { name: /^Settings/ }).click();
    const conn = page.getByTestId('connection-form');
    await conn.getByLabel('Lab Data Service at these addresses').check();
    await conn.getByLabel('Base URL').fill(silentUrl);
    await conn.getByRole('button', { name: 'Save connection' }).click();
    await useToken(page, 'silent-test-token');

    // The first event goes out and gets no answer; the second waits behind it, then goes out in turn.
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
    await expect(waiting).toContainText(`1 change is waiting to be sent to ${silentUrl}`);
    await expect(waiting).toContainText('may or may not have arrived');
    const label = `${silentUrl} (API v2)`;
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
      `Discard the 1 change kept for ${label}? It will never be sent.\n\n` +
        `1 change is being sent to ${label} right now and will not be discarded: if it fails, it stays here ` +
        'to retry or discard.',
    ]);
    // The one in flight is still listed for that service, to settle by itself; nothing more was sent.
    await expect(waiting).toHaveText(/^1 change is waiting to be sent to .*: sent when you switch back/);
    expect(sent).toBe(2);
  });
});
