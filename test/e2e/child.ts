import { spawn, type ChildProcess } from 'node:child_process';

export const root = process.cwd();

export interface StartedChild {
  child: ChildProcess;
  /** What the ready pattern matched in the child's stdout. */
  match: RegExpExecArray;
  /** All stdout up to the ready line, for a test that checks what a user would read. */
  output: string;
}

/**
 * Spawns a process of ours and resolves once its stdout matches `ready` (e.g. the host's URL
 * line); rejects with its stderr if it exits first or does not get there within `timeoutMs`.
 */
export function startChild(
  command: string,
  args: string[],
  options: { ready: RegExp; timeoutMs: number; what: string; env?: NodeJS.ProcessEnv },
): Promise<StartedChild> {
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.env ? { env: options.env } : {}),
  });
  let out = '';
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${options.what} did not start in ${options.timeoutMs / 1000} s:\n${out}\n${err}`)),
      options.timeoutMs,
    );
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const match = options.ready.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, match, output: out });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${options.what} exited (${code}):\n${out}\n${err}`));
    });
  });
}

/** Ends a process we started, by its own handle (SIGTERM), waiting up to 5 s for it to go. */
export async function stopChild(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
}
