#!/usr/bin/env node
// `npm start`: the desktop app when Electron's binary is installed, otherwise the same app in the
// browser (the browser host on the local sandbox). It builds what is missing or stale first and
// always says which one it started and why. Ctrl-C stops everything it started.
//   npm start -- --host                force the browser host
//   npm start -- --electron            the desktop app, downloading Electron's binary once if it is missing
//   npm start -- --port 5173           fixed port for the browser host
//   npm start -- --service https://…   use a real Lab Data Service (the token is asked in Settings)
//                [--mode v2|legacy]
//   npm start -- --reset-demo          the embedded sandbox starts on fresh demo data
//   npm start -- --sync-timeout <s>    seconds one outbox request may take (default 15), for a slow service
//   npm start -- --data-dir <folder>   the browser host on another data folder (a second Benchlink)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startArgs, StartArgsError } from './start-args.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
let options;
try {
  // A relative --data-dir is from where the user typed `npm start`, which npm leaves in INIT_CWD.
  options = startArgs(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
} catch (err) {
  if (!(err instanceof StartArgsError)) throw err;
  console.error(`benchlink: ${err.message}`);
  process.exit(2);
}
const { wantElectron, forceHost, port: portArg, dataDir, service: serviceArg, appArgs } = options;
const node = process.execPath;
const bin = (name) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

/** Newest modification time of any file under the given paths (skipping node_modules). */
function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const e of readdirSync(p)) if (e !== 'node_modules') walk(join(p, e));
    } else max = Math.max(max, s.mtimeMs);
  };
  paths.forEach((p) => walk(join(root, p)));
  return max;
}

function mtime(p) {
  return existsSync(join(root, p)) ? statSync(join(root, p)).mtimeMs : 0;
}

function run(cmd, cmdArgs, what) {
  console.log(`benchlink: ${what}…`);
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`benchlink: ${what} failed.`);
    process.exit(r.status ?? 1);
  }
}

// 1. The renderer (and preload) build, when missing or older than its sources.
const builtAt = Math.min(mtime('dist/index.html'), mtime('out/preload/index.cjs'));
if (builtAt === 0 || newest(['renderer', 'shared', 'preload', 'vite.config.ts']) > builtAt) {
  run(
    node,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    'building the renderer',
  );
}

// 2. Electron, if its binary is here (or can be fetched once) and there is a display to show it.
function electronBinary() {
  try {
    const p = createRequire(import.meta.url)('electron');
    return typeof p === 'string' && existsSync(p) ? p : null;
  } catch {
    return null;
  }
}

function whyNotElectron() {
  if (dataDir) return 'you gave --data-dir, which only the browser host takes';
  if (forceHost) return 'you asked for the browser host (--host)';
  if (!existsSync(join(root, 'node_modules', 'electron', 'install.js'))) return 'the electron package is not installed';
  if (!electronBinary()) {
    // Never on a plain start: on a network that drops connections silently each start would stall.
    if (!wantElectron) return 'the Electron binary is not installed (`npm start -- --electron` downloads it once)';
    if (process.env.CI) return 'the Electron binary is not installed (CI: not downloading it)';
    console.log('benchlink: the Electron binary is missing; trying to download it once…');
    // The installer's own output is a stack trace when offline; one line of reason is what helps.
    const r = spawnSync(node, [join(root, 'node_modules', 'electron', 'install.js')], {
      cwd: root,
      encoding: 'utf8',
      timeout: 90_000,
    });
    if (r.status !== 0 || !electronBinary()) {
      const reason =
        `${r.stderr ?? ''}`
          .split('\n')
          .find((l) => l.trim() && !/^\s+at /.test(l))
          ?.trim() ??
        r.error?.message ??
        `exit ${r.status}`;
      return `the Electron binary is not installed and could not be downloaded here (${reason})`;
    }
  }
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY)
    return 'there is no display (DISPLAY/WAYLAND_DISPLAY unset)';
  if (!nativeModulesFitElectron()) {
    return 'better-sqlite3 is built for Node, not for this Electron (run `npx electron-rebuild -f -w better-sqlite3,node-hid` to use the desktop app in development, and `npm rebuild better-sqlite3 node-hid` afterwards to go back to the browser host and the tests, which run under Node; `npm run dist` rebuilds them when packaging)';
  }
  return null;
}

/** Native modules are built for Node by npm install; Electron has its own ABI. Ask Electron-as-Node to load one. */
function nativeModulesFitElectron() {
  const r = spawnSync(electronBinary(), ['-e', "new (require('better-sqlite3'))(':memory:').close()"], {
    cwd: root,
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    stdio: 'ignore',
    timeout: 30_000,
  });
  return r.status === 0;
}

const reason = whyNotElectron();
if (reason !== null && wantElectron) {
  console.error(`benchlink: you asked for the desktop app, but ${reason}.`);
  process.exit(1);
}
let child;
if (reason === null) {
  if (newest(['main', 'shared']) > mtime('out/main/electron/entry.js')) {
    run(
      node,
      [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.main.json'],
      'compiling the main process',
    );
  }
  console.log('benchlink: starting the desktop app (Electron).');
  child = spawn(electronBinary(), [root, ...appArgs], { cwd: root, stdio: 'inherit' });
} else {
  console.log(`benchlink: not using Electron because ${reason}.`);
  console.log(
    serviceArg
      ? `benchlink: starting the browser host on ${serviceArg}; open the URL below and give the token in Settings.`
      : 'benchlink: starting the browser host on the local sandbox with demo data; open the URL below in a browser.',
  );
  child = spawn(
    bin('tsx'),
    [
      join(root, 'main', 'host', 'cli.ts'),
      ...(portArg ? ['--port', portArg] : []),
      ...(dataDir ? ['--data-dir', dataDir] : []),
      ...appArgs,
    ],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
}

// Forward Ctrl-C / termination to the child only, and leave when it has stopped.
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
