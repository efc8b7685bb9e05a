import { runCli } from './cli-run.js';

/** `npm run sandbox -- --port <P> --mode <v2|legacy> [--fixture <file.json>] [--db <file>]` (DESIGN.md). */
async function main(): Promise<number> {
  const result = await runCli(process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
  if (typeof result === 'number') return result;
  const sandbox = result;
  return new Promise<number>((resolveExit) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.stdout.write(`sandbox: ${signal}, closing\n`);
      sandbox.close().then(
        () => resolveExit(0),
        (err: unknown) => {
          process.stderr.write(`sandbox: close failed: ${String(err)}\n`);
          resolveExit(1);
        },
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`sandbox: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
