import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_TOKEN, type Stack } from './stack.js';

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

/**
 * How long Settings may take to draw its token field after the click. A page that cannot read its
 * settings says why well within this (the handshake's own deadline is 10 s), so a test that gets here
 * fails with the screen's words rather than waiting out its whole time-out on a bare locator.
 */
const SETTINGS_SHOWN_MS = 30_000;

/** Gives the app the service's token through Settings, as a user would (the field is write-only). */
export async function enterToken(page: Page, token: string): Promise<void> {
  // Main's first status draws the banners above the nav ("A token is needed …"), moving the nav down: a
  // click made in that instant lands where Settings was, and the page stays on Well fill (seen once in a
  // full run). So the click waits for that status (the header then names the connection); a page that
  // never gets it is left to the check below, which says what the screen shows.
  await page
    .getByTestId('connection-status')
    .filter({ hasNotText: 'Connecting…' })
    .waitFor({ timeout: SETTINGS_SHOWN_MS })
    .catch(() => undefined);
  await page.getByRole('button', { name: /^Settings/ }).click();
  const field = page.getByLabel('New token');
  try {
    await expect(field).toBeEditable({ timeout: SETTINGS_SHOWN_MS });
  } catch (err) {
    const said = (where: string) =>
      page
        .locator(where)
        .innerText({ timeout: 1000 })
        .then(
          (text) => text.trim(),
          () => '',
        );
    throw new Error(
      `Settings did not show its token field within ${SETTINGS_SHOWN_MS / 1000} s. ` +
        `The screen said: "${await said('main')}"; the banners: "${await said('.banners')}"`,
      { cause: err },
    );
  }
  await field.fill(token);
  await page.getByTestId('token-form').getByRole('button', { name: 'Save token' }).click();
  await expect(page.getByTestId('token-message')).toHaveText('Token saved.');
}

/** Opens the app on the stack's browser host and gives it the demo token: where every test starts. */
export async function signIn(page: Page, stack: Stack): Promise<void> {
  await page.goto(stack.hostUrl);
  await enterToken(page, DEMO_TOKEN);
}

export async function openScreen(page: Page, label: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Workflows' })
    .getByRole('button', { name: new RegExp(`^${label}`) })
    .click();
}

/**
 * Waits until everything queued has been sent and answered. The banner's count is main's, pushed just
 * after each change, so read right after a save it can still be the count from before that save was
 * counted: a plain "0 waiting" then passes before anything was sent. `arrived` checks on the service
 * that the last change got there; the banner's 0 after that is the answer to it.
 */
export async function allSent(page: Page, arrived: () => Promise<boolean>, timeout = 20_000): Promise<void> {
  await expect.poll(arrived, { timeout }).toBe(true);
  await expect(page.getByTestId('count-pending')).toHaveText('0', { timeout });
}

/**
 * Nothing queued waits for the user: none needs a look, is refused or failed. The sync line says a state
 * only when some entries are in it, so each count is absent, not "0".
 */
export async function noneStopped(page: Page): Promise<void> {
  for (const state of ['held', 'refused', 'failed'])
    await expect(page.getByTestId('outbox-counts').getByTestId(`count-${state}`)).toHaveCount(0);
}

/**
 * A screenshot once the scan flash has faded, so the picture shows the screen. It goes to
 * test-results/ on a test run (a run must not rewrite tracked files); `npm run screenshots`
 * sets BENCHLINK_SCREENSHOTS=docs to refresh the README's pictures in docs/screenshots.
 */
export async function shot(page: Page, name: string): Promise<void> {
  await expect(page.getByTestId('flash')).toHaveCount(0, { timeout: 3000 });
  const dir = process.env['BENCHLINK_SCREENSHOTS'] === 'docs' ? 'docs/screenshots' : 'test-results/screenshots';
  const path = `${dir}/${name}.png`;
  const size = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (!size || height <= size.height) return void (await page.screenshot({ path }));
  // A full-page capture keeps a sticky bar where the window's foot was (Row update's Save bar drawn over
  // its fields, its own place left blank): a window as tall as the page draws each part where it sits.
  await page.setViewportSize({ width: size.width, height });
  try {
    await page.screenshot({ path });
  } finally {
    await page.setViewportSize(size);
  }
}

/**
 * The parts of a line of counts ("2 waiting · 1 refused · …", split at its dots) that the window wraps
 * across two lines, such as a number left at the end of one line and its words on the next. Measured
 * on the text as drawn, whatever the elements around it.
 */
export async function countsSplitAcrossLines(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(testId).evaluate((el) => {
    const nodes: { node: Text; start: number }[] = [];
    let text = '';
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      nodes.push({ node: n as Text, start: text.length });
      text += n.textContent ?? '';
    }
    const at = (offset: number) => {
      const i = nodes.findLastIndex((n) => n.start <= offset);
      return { node: nodes[i]!.node, offset: offset - nodes[i]!.start };
    };
    const split: string[] = [];
    let from = 0;
    for (const part of text.split('·')) {
      const said = part.trim();
      const start = text.indexOf(said, from);
      from = start + part.length;
      if (said === '') continue;
      const range = document.createRange();
      const a = at(start);
      const b = at(start + said.length - 1);
      range.setStart(a.node, a.offset);
      range.setEnd(b.node, b.offset + 1);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) split.push(said.replace(/\s+/g, ' '));
    }
    return split;
  });
}

/**
 * The labels of these elements (tabs, buttons) that the window wraps onto more than one line, such as
 * "Unsure whether | it arrived". Measured on the text as drawn: lines are told apart by more than half
 * a line's height, so a bold word beside a plain one is not a line of its own.
 */
export async function labelsOnMoreThanOneLine(labels: Locator): Promise<string[]> {
  return labels.evaluateAll((els) =>
    els
      .filter((el) => {
        const rects: DOMRect[] = [];
        const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(n);
          rects.push(...[...range.getClientRects()].filter((r) => r.width > 0));
        }
        const first = rects[0];
        return first !== undefined && rects.some((r) => Math.abs(r.top - first.top) > first.height / 2);
      })
      .map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim()),
  );
}

/**
 * On a service whose labsheet's ID columns are only guessed from their names (any real service), keeps
 * the guess in the ID columns panel, naming the barcode column when given ('' for none): nothing is
 * written by a guess (a wrong one sent changes to another row).
 */
export async function keepIdColumns(page: Page, barcode?: string): Promise<void> {
  const panel = page.getByTestId('id-columns');
  await expect(panel).toHaveAttribute('data-from', 'guess');
  if (barcode !== undefined) await page.getByTestId('choose-barcode-column').selectOption(barcode);
  await page.getByTestId('id-columns-save').click();
  await expect(panel).toHaveAttribute('data-from', 'chosen');
}
