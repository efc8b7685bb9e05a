import { CliError, parseCliArgs, USAGE } from './cli-args.js';

/** `npm run sandbox -- --port <P> --mode <v2|legacy> [--fixture <file.json>] [--db <file>]` (DESIGN.md). */
async function main(): Promise<number> {
  let args;
  try {
    args = parseCliArgs(process.argv.slice(2));
  } catch (e) {
    if (e instanceof CliError) {
      process.stderr.write(`sandbox: ${e.message}\n${USAGE}\n`);
      return 2;
    }
    throw e;
  }
  if (args === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }

  // Loaded after the arguments are checked, so a typo is reported at once, not after Fastify and SQLite load.
  const { startSandbox } = await import('./server.js');
  const { FixtureError } = await import('./fixture.js');
  let sandbox;
  try {
    sandbox = await startSandbox({
      port: args.port, mode: args.mode, ...(args.fixture ? { fixture: args.fixture } : {}), ...(args.db ? { dbPath: args.db } : {}),
    });
  } catch (e) {
    const msg = e instanceof FixtureError ? e.message : (e as NodeJS.ErrnoException).code === 'EADDRINUSE' ? `port ${args.port} is already in use` : String(e);
    process.stderr.write(`sandbox: ${msg}\n`);
    return 1;
  }

  process.stdout.write(`Lab Data Service sandbox (${sandbox.mode} mode) listening on ${sandbox.url}\n`);
  process.stdout.write(`base, files and events URL: ${sandbox.url}\n`);
  if (!args.fixture) process.stdout.write(`demo token (Super Admin): ${sandbox.demoToken}\n`);

  return new Promise<number>((resolveExit) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.stdout.write(`sandbox: ${signal}, closing\n`);
      sandbox.close().then(() => resolveExit(0), (err: unknown) => {
        process.stderr.write(`sandbox: close failed: ${String(err)}\n`);
        resolveExit(1);
      });
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`sandbox: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
    process.exit(1);
  },
);
