/**
 * A renderer that crashed left the desktop window blank until the user thought of reloading it. The
 * recovery reloads it, within a limit, then asks. Electron's window is the edge faked here: reload,
 * isDestroyed, the dialog, and the task queue (run by hand, as Electron runs it after its handler).
 */
import { describe, expect, it } from 'vitest';
import { rendererRecovery } from '../../../../main/electron/renderer-recovery.js';

function harness(answer: 'reload' | 'quit' = 'reload') {
  const state = { now: 0, reloads: 0, destroyed: false, quit: false };
  const queued: (() => void)[] = [];
  const asked: string[] = [];
  const recover = rendererRecovery({
    reload: () => void state.reloads++,
    isDestroyed: () => state.destroyed,
    now: () => state.now,
    later: (fn) => void queued.push(fn),
    ask: async (message) => {
      asked.push(message);
      return answer;
    },
    quit: () => void (state.quit = true),
    log: { info: () => {}, warn: () => {}, error: () => {} },
  });
  const runQueued = () => queued.splice(0).forEach((fn) => fn());
  return { state, recover, runQueued, asked };
}

const crashed = { reason: 'crashed', exitCode: 139 };

describe('desktop window: a crashed renderer', () => {
  it('is reloaded, after the crash handler has returned', () => {
    const h = harness();
    h.recover(crashed);
    // Not from inside Electron's handler: a reload there can take the whole app down.
    expect(h.state.reloads).toBe(0);
    h.runQueued();
    // On the old code nothing reloaded it: a blank window.
    expect(h.state.reloads).toBe(1);
  });

  it('crashing again and again: three reloads within a minute, then the user is asked', async () => {
    const h = harness('reload');
    for (let i = 0; i < 3; i++) {
      h.state.now += 1_000;
      h.recover(crashed);
      h.runQueued();
    }
    expect(h.state.reloads).toBe(3);
    h.state.now += 1_000;
    h.recover({ reason: 'oom', exitCode: 0 });
    h.runQueued();
    expect(h.state.reloads).toBe(3);
    await Promise.resolve();
    expect(h.asked).toEqual(['The Benchlink window stopped working 4 times within a minute (oom).']);
    await Promise.resolve();
    h.runQueued();
    expect(h.state.reloads).toBe(4); // the user chose Reload
  });

  it('crashes far apart are each reloaded without asking', () => {
    const h = harness();
    for (let i = 0; i < 6; i++) {
      h.state.now += 30_000;
      h.recover(crashed);
      h.runQueued();
    }
    expect(h.state.reloads).toBe(6);
    expect(h.asked).toEqual([]);
  });

  it('the user choosing to close Benchlink closes it', async () => {
    const h = harness('quit');
    for (let i = 0; i < 4; i++) h.recover(crashed);
    await Promise.resolve();
    await Promise.resolve();
    expect(h.state.quit).toBe(true);
  });

  it('a renderer ending cleanly (the window closing) or a window already gone is not reloaded', () => {
    const h = harness();
    h.recover({ reason: 'clean-exit', exitCode: 0 });
    h.state.destroyed = true;
    h.recover(crashed);
    h.runQueued();
    expect(h.state.reloads).toBe(0);
  });
});
