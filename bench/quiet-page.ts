/**
 * A Chromium page driven over the DevTools pipe with nothing switched on but what the bench asks:
 * no Network, Page or console domains, so the browser sends no event per WebSocket frame, request
 * or log line. Playwright enables those for every page it drives; measured here, the events for
 * the five frames of each scan (browser → Playwright's driver → the bench process, which is also
 * main) added milliseconds to the very round trips the bench times. Used for the scan timings only;
 * everything else in the bench and the tests uses Playwright.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

interface CdpAnswer {
  id?: number;
  result?: unknown;
  error?: { message: string };
}

export interface QuietPage {
  /** Evaluates an expression in the page (promises awaited) and returns its JSON value. */
  evaluate<T>(expression: string): Promise<T>;
  /** Polls until the expression is truthy in the page (every 20 ms, never while the bench measures). */
  waitFor(expression: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Debian's chromium, as the Playwright tests use it (CHROMIUM_PATH overrides it there and here). */
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export async function openQuietPage(url: string, size: { width: number; height: number }): Promise<QuietPage> {
  const profile = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'benchlink-bench-chromium-'));
  const proc: ChildProcess = spawn(
    CHROMIUM,
    [
      '--headless=new',
      // A user's app plays its tones (their first click lets it); without a gesture the bench's audio
      // context stayed suspended, so the tones' audio thread never ran while scans were timed.
      '--autoplay-policy=no-user-gesture-required',
      '--remote-debugging-pipe',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-extensions',
      '--disable-component-update',
      '--disable-default-apps',
      '--disable-sync',
      '--disable-features=Translate,OptimizationHints,MediaRouter',
      '--password-store=basic',
      '--use-mock-keychain',
      '--no-service-autorun',
      '--metrics-recording-only',
      '--no-first-run',
      '--no-default-browser-check',
      `--user-data-dir=${profile}`,
      `--window-size=${size.width},${size.height}`,
      'about:blank',
    ],
    // The DevTools pipe is fds 3 (to the browser) and 4 (from it).
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const toBrowser = proc.stdio[3] as Writable;
  const fromBrowser = proc.stdio[4] as Readable;
  const waiting = new Map<number, (a: CdpAnswer) => void>();
  let nextId = 1;
  let buffered = '';
  fromBrowser.setEncoding('utf8');
  fromBrowser.on('data', (chunk: string) => {
    buffered += chunk;
    let end: number;
    while ((end = buffered.indexOf('\0')) >= 0) {
      const answer = JSON.parse(buffered.slice(0, end)) as CdpAnswer;
      buffered = buffered.slice(end + 1);
      if (answer.id !== undefined) {
        waiting.get(answer.id)?.(answer);
        waiting.delete(answer.id);
      }
    }
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));

  const send = (method: string, params: object = {}, sessionId?: string) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, (a) => (a.error ? reject(new Error(`${method}: ${a.error.message}`)) : resolve(a.result)));
      toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });

  const { targetInfos } = (await send('Target.getTargets')) as { targetInfos: { targetId: string; type: string }[] };
  const target = targetInfos.find((t) => t.type === 'page');
  if (!target) throw new Error('Chromium opened no page');
  const { sessionId } = (await send('Target.attachToTarget', { targetId: target.targetId, flatten: true })) as {
    sessionId: string;
  };

  const evaluate = async <T>(expression: string): Promise<T> => {
    const r = (await send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, sessionId)) as {
      result: { value?: unknown };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    };
    if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
    return r.result.value as T;
  };

  await send('Page.navigate', { url }, sessionId);
  return {
    evaluate,
    async waitFor(expression, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        // Before the page has loaded, evaluate may run in about:blank: retry until the document answers.
        if (await evaluate<boolean>(`!!(${expression})`).catch(() => false)) return;
        if (Date.now() > until) throw new Error(`timed out waiting for ${expression}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      await send('Browser.close').catch(() => undefined);
      const killer = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
