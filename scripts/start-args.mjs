// `npm start`'s options, read as the app reads its own (main/common/start-options.ts, node:util parseArgs):
// `--service=URL` and `--service URL` alike. Found by `args.includes('--service')`, the `=` form was
// dropped without a word and the app opened on the connection saved before. Strict: an option it does
// not know is refused, not ignored.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

export class StartArgsError extends Error {}

/**
 * `argv`: what followed `npm start --`; `cwd`: where the user typed it (a relative --data-dir is from
 * there). Throws StartArgsError with the sentence to print.
 */
export function startArgs(argv, cwd) {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        electron: { type: 'boolean' },
        host: { type: 'boolean' },
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        service: { type: 'string' },
        mode: { type: 'string' },
        'reset-demo': { type: 'boolean' },
        'sync-timeout': { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new StartArgsError(
      `${err instanceof Error ? err.message : String(err)}. Options: --host, --electron, --port <n>, ` +
        '--service <url> [--mode v2|legacy], --reset-demo, --sync-timeout <seconds>, --data-dir <folder>',
    );
  }
  const wantElectron = values.electron === true;
  const dataDirArg = values['data-dir'];
  if (dataDirArg !== undefined && dataDirArg.trim() === '')
    throw new StartArgsError('--data-dir needs a folder, e.g. --data-dir ~/benchlink-second');
  // Only the browser host takes it (the desktop app's folder is Electron's userData).
  if (dataDirArg !== undefined && wantElectron)
    throw new StartArgsError(
      '--data-dir is for the browser host only; the desktop app keeps its data in its own folder.',
    );
  const service = values.service;
  if (service !== undefined && service.trim() === '')
    throw new StartArgsError('--service needs the service address, e.g. --service https://lims.example.org');
  const mode = values.mode;
  if (mode !== undefined && mode !== 'v2' && mode !== 'legacy') throw new StartArgsError('--mode is v2 or legacy');
  // Either would be dropped on the way without a word, which is what this parser is here to stop.
  if (mode !== undefined && service === undefined)
    throw new StartArgsError('--mode goes with --service, e.g. --service https://lims.example.org --mode legacy');
  if (values.port !== undefined && wantElectron)
    throw new StartArgsError('--port is for the browser host only; the desktop app opens its own window.');
  const timeout = values['sync-timeout'];
  if (timeout !== undefined && !/^\d+$/.test(timeout))
    throw new StartArgsError('--sync-timeout needs whole seconds, e.g. --sync-timeout 60');
  const port = values.port;
  if (port !== undefined && !/^\d+$/.test(port))
    throw new StartArgsError('--port needs a port number, e.g. --port 5173');
  const dataDir = dataDirArg === undefined ? undefined : resolve(cwd, dataDirArg);
  return {
    wantElectron,
    forceHost: values.host === true || dataDir !== undefined,
    port,
    dataDir,
    service,
    // What the app itself reads, whichever shell runs it.
    appArgs: [
      ...(service ? ['--service', service, ...(mode ? ['--mode', mode] : [])] : []),
      ...(values['reset-demo'] ? ['--reset-demo'] : []),
      ...(timeout ? ['--sync-timeout', timeout] : []),
    ],
  };
}
