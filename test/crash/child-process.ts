import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ChildRun {
  child: ChildProcess;
  /** Lets the pre-started child open the outbox and begin at scan `from`. */
  go(from: number, fast?: boolean): void;
  /** Resolves when the child printed `ready`. */
  ready: Promise<void>;
  /** Resolves with how it ended: 'drained' (clean), 'killed', or 'exited <code>'. */
  ended: Promise<string>;
  /** The scan whose enqueue began last (its ack may not have followed). */
  lastEnq: number;
}

/**
 * Starts one child and reports its acknowledgements as they arrive. An ack is only counted once
 * its whole line arrived: a kill mid-line means the scan was never acknowledged to the user.
 */
export function runChild(
  script: string,
  args: string[],
  onAck: (k: number) => void,
  onLine: (l: string) => void = () => {},
): ChildRun {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let drained = false;
  let stderr = '';
  let readyResolve: () => void = () => {};
  const ready = new Promise<void>((r) => (readyResolve = r));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line === 'ready') readyResolve();
    else if (line === 'drained') drained = true;
    else if (line.startsWith('ack ')) onAck(Number(line.slice(4)));
    else if (line.startsWith('enq ')) run.lastEnq = Number(line.slice(4));
    else onLine(line);
  });
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const ended = new Promise<string>((resolve) => {
    child.on('exit', (code, signal) => {
      readyResolve();
      if (signal === 'SIGKILL') resolve('killed');
      else if (drained && code === 0) resolve('drained');
      else resolve(`exited ${code ?? signal}: ${stderr.trim().split('\n').slice(-5).join(' | ')}`);
    });
  });
  const go = (from: number, fast = false) => void child.stdin!.write(`go ${from}${fast ? ' fast' : ''}\n`);
  const run: ChildRun = { child, go, ready, ended, lastEnq: -1 };
  return run;
}
