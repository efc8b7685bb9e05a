import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../app.js';
import { createConsoleLogger } from '../common/console-logger.js';
import { defaultDataDir } from '../common/data-dir.js';
import { AlreadyRunningError } from '../common/instance-lock.js';
import { installLastResort } from '../common/last-resort.js';
import { startOptionsFrom } from '../common/start-options.js';
import { CliError, parseAnswers } from '../sandbox/cli-args.js';
import { startSandboxInWorker } from '../sandbox/worker/start-in-worker.js';
import { loadKeyring } from '../vault/load-keyring.js';
import { loadOrCreateHostKey } from './host-key.js';
import { startHost } from './server.js';

/**
 * `npm run host`: the app in a browser. Prints `Benchlink browser host: <url>` once listening
 * (scripts and the e2e setup wait for that line) and stops cleanly on Ctrl-C / SIGTERM.
 */
const OPTIONS = {
  port: { type: 'string', default: '0' },
  'data-dir': { type: 'string' },
  dist: { type: 'string', default: 'dist' },
  fixture: { type: 'string' },
  answers: { type: 'string' },
  seed: { type: 'string' },
  service: { type: 'string' },
  mode: { type: 'string' },
  'reset-demo': { type: 'boolean' },
  'sync-timeout': { type: 'string' },
} as const;
let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];
try {
  ({ values } = parseArgs({ options: OPTIONS }));
} catch (err) {
  // An option mistyped was a TypeError's stack; it is a line saying which, and what there is.
  const known = Object.keys(OPTIONS)
    .map((o) => `--${o}`)
    .join(', ');
  console.error(`Benchlink could not start: ${err instanceof Error ? err.message : String(err)}. Options: ${known}`);
  process.exit(2);
}
let start: ReturnType<typeof startOptionsFrom>;
try {
  start = startOptionsFrom(process.argv.slice(2));
} catch (err) {
  console.error(`Benchlink could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
}

const log = createConsoleLogger('[host]');
installLastResort(process, log);
const distDir = resolve(values.dist);
if (!existsSync(resolve(distDir, 'index.html'))) {
  console.error(`No built renderer in ${distDir}: run \`npm run build\` first (npm start does it for you).`);
  process.exit(1);
}
// The app's package.json, the nearest one above this file: two levels up from main/host/ (tsx), three
// from out/main/host/ (compiled), four from out/e2e/main/host/ (the e2e stacks' transpile).
const pkgUrl = ['../../', '../../../', '../../../../']
  .map((up) => new URL(`${up}package.json`, import.meta.url))
  .find((u) => existsSync(u));
const pkg = (pkgUrl ? JSON.parse(readFileSync(pkgUrl, 'utf8')) : { version: '0.0.0' }) as { version: string };
let sandboxAnswers;
try {
  sandboxAnswers = parseAnswers(values.answers, values.seed);
} catch (err) {
  console.error(err instanceof CliError ? err.message : String(err));
  process.exit(2);
}
const keyring = await loadKeyring();
const dataDir = values['data-dir'] ? resolve(values['data-dir']) : defaultDataDir();
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Benchlink could not start: --port ${values.port} is not a port (0 to 65535; 0 picks a free one).`);
  process.exit(2);
}
let app: Awaited<ReturnType<typeof createApp>>;
try {
  app = await createApp({
    dataDir,
    info: { version: pkg.version, shell: 'browser-host', platform: process.platform, nativeDialogs: false },
    log,
    ...(keyring ? { keyring } : {}),
    startSandbox: startSandboxInWorker,
    ...(values.fixture ? { sandboxFixture: resolve(values.fixture) } : {}),
    sandboxAnswers,
    ...start,
  });
} catch (err) {
  // Another Benchlink on this data folder: say which and what to do; nothing was opened.
  if (err instanceof AlreadyRunningError) {
    console.error(err.message);
    process.exit(3);
  }
  // A bad --service address (or an unusable data dir) is the user's to fix: say what, not a stack.
  console.error(`Benchlink could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
}
let host: Awaited<ReturnType<typeof startHost>>;
try {
  // On a fixed port a restarted host keeps its key, so the page left open reconnects by itself.
  const secret = port !== 0 ? await loadOrCreateHostKey(dataDir) : undefined;
  host = await startHost({
    router: app.router,
    events: app.events,
    distDir,
    log,
    port,
    ...(secret ? { secret } : {}),
  });
} catch (err) {
  // Said and ended here: the last-resort handler kept the process running with nothing listening,
  // holding the data folder (a later start was told it was running "at the address it printed").
  const code = (err as NodeJS.ErrnoException).code;
  console.error(
    code === 'EADDRINUSE'
      ? `Benchlink could not start: port ${port} is already in use (another program, or another Benchlink). ` +
          'Choose another --port, or leave it out for a free one.'
      : `Benchlink could not start: ${err instanceof Error ? err.message : String(err)}`,
  );
  await app.close();
  process.exit(2);
}
console.log(`Benchlink browser host: ${host.url}`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await host.close();
  await app.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
