import { CliError, parseCliArgs, USAGE } from './cli-args.js';
import type { SandboxHandle } from './server.js';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

/**
 * The CLI's whole behaviour, separate from process wiring so tests can run it in-process.
 * Resolves to the exit code for argument/start-up failures, or to the running sandbox.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number | SandboxHandle> {
  let args;
  try {
    args = parseCliArgs(argv);
  } catch (e) {
    if (!(e instanceof CliError)) throw e;
    io.err(`sandbox: ${e.message}`);
    io.err(USAGE);
    return 2;
  }
  if (args === 'help') {
    io.out(USAGE);
    return 0;
  }

  // Loaded after the arguments are checked, so a typo is reported at once, not after Fastify and SQLite load.
  const { startSandbox } = await import('./server.js');
  const { FixtureError } = await import('./fixture.js');
  let sandbox: SandboxHandle;
  try {
    sandbox = await startSandbox({
      port: args.port,
      mode: args.mode,
      ...(args.fixture ? { fixture: args.fixture } : {}),
      ...(args.db ? { dbPath: args.db } : {}),
      answers: args.answers,
    });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    io.err(
      `sandbox: ${e instanceof FixtureError ? e.message : code === 'EADDRINUSE' ? `port ${args.port} is already in use` : String(e)}`,
    );
    return 1;
  }
  const seed = args.answers.seed === undefined ? '' : `, seed ${args.answers.seed}`;
  io.out(
    `Lab Data Service sandbox (${sandbox.mode} mode, ${args.answers.profile} answers${seed}) listening on ${sandbox.url}`,
  );
  io.out(`base, files and events URL: ${sandbox.url}`);
  // Loading a fixture over existing data would mix two labs; saying so beats a silent surprise.
  if (args.fixture && !sandbox.seeded)
    io.out(
      `note: ${args.db} already holds data, so ${args.fixture} was not loaded (use a new --db file to start from the fixture)`,
    );
  if (!args.fixture) io.out(`demo token (Super Admin): ${sandbox.demoToken}`);
  return sandbox;
}
