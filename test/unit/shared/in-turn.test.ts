import { describe, expect, it } from 'vitest';
import { createTurns } from '../../../shared/in-turn.js';

describe('tasks in turn', () => {
  it('runs one at a time in the order given; a failure is its caller’s and the next still runs', async () => {
    const inTurn = createTurns();
    const log: string[] = [];
    const task =
      (name: string, ms: number, fail = false) =>
      async () => {
        log.push(`${name} start`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`${name} end`);
        if (fail) throw new Error(`${name} failed`);
        return name;
      };
    const a = inTurn(task('a', 20));
    const b = inTurn(task('b', 0, true));
    const c = inTurn(task('c', 5));
    expect(await a).toBe('a');
    await expect(b).rejects.toThrow('b failed');
    expect(await c).toBe('c');
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  });
});
