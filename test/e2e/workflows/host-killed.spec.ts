import { expect, test } from '@playwright/test';
import { useStack } from './stack.js';
import { DEMO_TOKEN } from './stack.js';
import { enterToken, openScreen, scan, scanAndWait, signIn } from './user.js';

const stack = useStack();

test('the host dies between the commit and its answer: the page reports the scan saved, and there is one entry', async ({
  page,
}) => {
  test.setTimeout(120_000);
  let killing: Promise<void> | null = null;
  // Between page and host: the answer to the tube's enqueue is held back and the host is killed
  // instead, so main has committed the scan but the page never heard so.
  await page.routeWebSocket(/\/ipc/, (ws) => {
    const server = ws.connectToServer();
    const enqueues = new Set<number>();
    ws.onMessage((m) => {
      const text = String(m);
      if (!killing && text.includes('"outbox.enqueue"') && text.includes('"S-0071"')) {
        enqueues.add((JSON.parse(text) as { id: number }).id);
      }
      server.send(m);
    });
    server.onMessage((m) => {
      const msg = JSON.parse(String(m)) as { id?: number };
      if (msg.id !== undefined && enqueues.has(msg.id)) {
        killing = stack.killHost();
        return;
      }
      ws.send(m);
    });
  });
  await signIn(page, stack);
  await openScreen(page, 'Well fill');
  await scanAndWait(page, 'PLT000002', 'PL-0002');
  await scan(page, 'TB000071');
  await expect.poll(() => killing !== null, { timeout: 20_000 }).toBe(true);
  await killing;
  await stack.restartHost();

  // The page asks again with the same key once the host is back: main answers the first entry.
  await expect(page.getByTestId('last-scan')).toContainText('S-0071 →', { timeout: 30_000 });
  await expect(page.getByTestId('last-scan')).not.toContainText('NOT RECORDED');
  await expect(page.locator('[data-sample="S-0071"]')).toHaveCount(1);
  // Without a keychain on this machine the token lived in memory only: the restarted host asks for it.
  await enterToken(page, DEMO_TOKEN);
  await openScreen(page, 'Outbox');
  await page.getByTestId('sync-now').click();
  await expect(page.getByTestId('count-pending')).toHaveText('0', { timeout: 30_000 });
  const filled = stack.serverWells('PL-0002').filter((w) => w.sample === 'S-0071');
  expect(filled).toHaveLength(1);
  // The next scan after the restart goes through as usual.
  await openScreen(page, 'Well fill');
  await scanAndWait(page, 'PLT000002', 'PL-0002');
  await scanAndWait(page, 'TB000072', 'S-0072 →');
});
