/**
 * `npm start`'s options as scripts/start.mjs reads them: every spelling the app's own parser takes
 * (main/common/start-options.ts) reaches the app, and an option it does not know is refused, not ignored.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ESM script of `npm start`, without type declarations
import { startArgs, StartArgsError } from '../../../scripts/start-args.mjs';
import { startOptionsFrom } from '../../../main/common/start-options.js';

type Parsed = { appArgs: string[]; service?: string; dataDir?: string; forceHost: boolean; port?: string };
const parse = startArgs as (argv: string[], cwd: string) => Parsed;

describe('npm start -- <options>', () => {
  it('the `=` form reaches the app as the spaced form does', () => {
    // On the old code: appArgs [] (the app opened on the connection saved before, without a word).
    const joined = parse(
      ['--electron', '--service=https://lims.example.org', '--mode=legacy', '--sync-timeout=60'],
      '/w',
    );
    const spaced = parse(['--service', 'https://lims.example.org', '--mode', 'legacy', '--sync-timeout', '60'], '/w');
    expect(joined.appArgs).toEqual(spaced.appArgs);
    expect(startOptionsFrom(joined.appArgs)).toEqual({
      service: 'https://lims.example.org',
      serviceMode: 'legacy',
      resetDemo: false,
      syncTimeoutMs: 60_000,
    });
  });

  it('a relative --data-dir is from where the user typed it, and means the browser host', () => {
    expect(parse(['--data-dir=second', '--port', '0'], '/home/bench')).toMatchObject({
      dataDir: '/home/bench/second',
      forceHost: true,
      port: '0',
    });
  });

  it.each([
    [['--servce', 'https://lims.example.org'], /Unknown option '--servce'/],
    [['--service'], /argument missing/],
    [['--mode', 'v3', '--service', 'https://x.example'], /--mode is v2 or legacy/],
    [['--sync-timeout=1m'], /whole seconds/],
    [['--electron', '--data-dir', 'x'], /browser host only/],
    [['--port', 'eighty'], /port number/],
    [['--mode=legacy'], /--mode goes with --service/],
    [['--electron', '--port=5173'], /browser host only/],
  ])('%j is refused with why', (argv, why) => {
    expect(() => parse(argv, '/w')).toThrow(StartArgsError as new () => Error);
    expect(() => parse(argv, '/w')).toThrow(why);
  });
});
