/**
 * A process that dies inside a file mutex's section, for the instance-lock tests: takes the mutex at
 * the path given, says so, and waits there until it is killed. Usage: node --import tsx hold-file-mutex.ts <path>
 */
import { withFileMutex } from '../../main/common/sqlite/file-mutex.js';

const [path] = process.argv.slice(2);
if (!path) throw new Error('usage: hold-file-mutex.ts <path>');
await withFileMutex(path, () => {
  process.stdout.write(`held ${process.pid}\n`);
  return new Promise<never>(() => setInterval(() => undefined, 60_000));
});
