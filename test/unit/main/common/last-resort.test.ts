import { spawnSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { installLastResort } from '../../../../main/common/last-resort.js';

const MODULE = fileURLToPath(new URL('../../../../main/common/last-resort.ts', import.meta.url));

describe("main's last-resort handler", () => {
  it('a throw from a timer and a rejected promise are logged, and the process goes on serving', () => {
    const child = `
      const { installLastResort } = await import(${JSON.stringify(MODULE)});
      installLastResort(process, { info() {}, warn() {}, error: (m, f) => console.log('LOGGED', m, f.error) });
      setTimeout(() => { throw new RangeError('Maximum call stack size exceeded'); }, 5);
      setTimeout(() => void Promise.reject(new Error('forgotten promise')), 10);
      setTimeout(() => console.log('STILL SERVING'), 50);
    `;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', child], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.stderr).not.toMatch(/RangeError/);
    expect(r.stdout).toContain('LOGGED uncaught exception: main keeps running Maximum call stack size exceeded');
    expect(r.stdout).toContain('LOGGED unhandled rejection: main keeps running forgotten promise');
    expect(r.stdout).toContain('STILL SERVING');
    expect(r.status).toBe(0);
  });

  it('a storm of the same error logs the first ten and then every 1,000th, and can be removed', () => {
    const proc = new EventEmitter();
    const lines: unknown[] = [];
    const remove = installLastResort(proc, { info() {}, warn() {}, error: (_m, f) => lines.push(f?.['count']) });
    for (let i = 0; i < 5000; i++) proc.emit('uncaughtException', new Error('again'));
    expect(lines).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1000, 2000, 3000, 4000, 5000]);
    remove();
    expect(proc.listenerCount('uncaughtException')).toBe(0);
    expect(proc.listenerCount('unhandledRejection')).toBe(0);
  });
});
