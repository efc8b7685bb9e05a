import { parentPort, workerData } from 'node:worker_threads';
import { startSandbox } from '../server.js';
import type { FromWorker, ToWorker, WorkerSandboxOptions } from './start-in-worker.js';

// The sandbox thread (start-in-worker.ts): start, say where it listens, close when told.
const port = parentPort;
if (!port) throw new Error('worker-main runs only as a worker thread');
try {
  const handle = await startSandbox(workerData as WorkerSandboxOptions);
  port.on('message', (m: ToWorker) => {
    if (m.type === 'close') void handle.close().finally(() => port.close());
  });
  port.postMessage({ type: 'ready', url: handle.url, demoToken: handle.demoToken } satisfies FromWorker);
} catch (err) {
  port.postMessage({ type: 'failed', message: err instanceof Error ? err.message : String(err) } satisfies FromWorker);
  port.close();
}
