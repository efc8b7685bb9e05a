import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wellFillOnMain, type WellFillOnMain } from '../../../../helpers/well-fill-on-main.js';

/**
 * An undo scanned with nothing to undo is news, not a failure: it was a big red error, carried as the
 * headline onto the next screens. Well fill on the real main in-process and its embedded sandbox.
 */
describe('Well fill: nothing to undo', () => {
  let w: WellFillOnMain;
  beforeAll(async () => {
    w = await wellFillOnMain();
  }, 60_000);
  afterAll(async () => {
    await w.close();
  });

  it('is said calmly, not as an error', async () => {
    await w.scan('PLT000003');
    await w.scan('#CMD:UNDO');
    expect(w.said()).toBe('Nothing to undo');
    expect(w.feedback.last?.kind).not.toBe('bad');
    await w.scan('#CMD:REDO');
    expect(w.said()).toBe('Nothing to redo');
    expect(w.feedback.last?.kind).not.toBe('bad');
  });
});
