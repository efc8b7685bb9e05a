import { Worker } from 'node:worker_threads';
import type { SandboxOptions } from '../server.js';

/** What crosses into the worker: options that survive structured cloning (no clock, no logger). */
export type WorkerSandboxOptions = Omit<SandboxOptions, 'clock' | 'logger'>;

/** What the app needs of a sandbox (main/connection's SandboxHandle); the store stays in the worker. */
export interface WorkerSandboxHandle {
  url: string;
  demoToken: string;
  close(): Promise<void>;
}

export type FromWorker = { type: 'ready'; url: string; demoToken: string } | { type: 'failed'; message: string };
export type ToWorker = { type: 'close' };

/**
 * The embedded sandbox on its own thread. It stands in for a service on another machine: on the
 * app's main thread its request handling (Fastify, its SQLite, 384-well answers) ran between the
 * bench's scans and held their answers; on a worker it costs main only the HTTP client's side, as a
 * real service does.
 */
export function startSandboxInWorker(opts: WorkerSandboxOptions): Promise<WorkerSandboxHandle> {
  // Beside this file: worker-main.js once compiled (Electron), worker-main.ts when run from source
  // (tsx, vitest), loaded through tsx's API because a worker does not inherit the parent's loader.
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(`./worker-main.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  const worker = fromSource
    ? new Worker(
        `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(import.meta.url)}))`,
        { eval: true, workerData: opts },
      )
    : new Worker(entry, { workerData: opts });
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  return new Promise<WorkerSandboxHandle>((resolve, reject) => {
    worker.once('error', reject);
    void exited.then((code) => reject(new Error(`the sandbox thread stopped (exit code ${code})`)));
    worker.once('message', (m: FromWorker) => {
      if (m.type === 'failed') {
        reject(new Error(m.message));
        return;
      }
      let closing: Promise<void> | null = null;
      resolve({
        url: m.url,
        demoToken: m.demoToken,
        close: () =>
          (closing ??= (async () => {
            worker.postMessage({ type: 'close' } satisfies ToWorker);
            // A thread that does not stop within 5 s is ended: closing the app must not hang on it.
            const timer = setTimeout(() => void worker.terminate(), 5_000);
            await exited;
            clearTimeout(timer);
          })()),
      });
    });
  });
}
