/**
 * A second process for the instance-lock tests: takes the data folder given, says so, and keeps it
 * until it is killed. Usage: node --import tsx hold-data-dir.ts <dataDir> [platform]
 */
import { lockDataDir } from '../../main/common/instance-lock.js';

const [dir, platform] = process.argv.slice(2);
if (!dir) throw new Error('usage: hold-data-dir.ts <dataDir> [platform]');
await lockDataDir(dir, (platform as NodeJS.Platform | undefined) ?? process.platform);
process.stdout.write(`held ${process.pid}\n`);
// The lock does not keep a process alive (the app does): this stands in for the app.
setInterval(() => undefined, 60_000);
