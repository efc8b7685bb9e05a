import { describe, expect, it } from 'vitest';
import { flush, setup } from './fake-audio.js';

const durations = (notes: { start: number; stop: number }[]) => notes.map((n) => Math.round((n.stop - n.start) * 1000));

describe('TonePlayer before the browser lets the page make sound', () => {
  it('the tones of scans made before the first click do not all sound at that click', async () => {
    const { ctx, player, advance } = setup();
    ctx.holdUntilGesture();
    player.warm();
    // A HID scanner reads ten tubes, one every half second, with nobody touching the window.
    for (let i = 0; i < 10; i++) {
      player.play(i === 4 ? 'duplicate' : 'success');
      await advance(500);
    }
    await advance(20_000);
    ctx.gesture();
    await flush();
    expect(ctx.state).toBe('running');
    expect(ctx.notes).toEqual([]);

    // The next scan is heard in full, on the running clock.
    player.play('expired');
    await flush();
    expect(ctx.notes.map((n) => n.freq)).toEqual([990, 740, 495]);
    expect(durations(ctx.notes)).toEqual([110, 110, 220]);
  });

  it('a tone of a scan made just before the click still sounds, in full; the older ones do not', async () => {
    const { ctx, player, advance } = setup();
    ctx.holdUntilGesture();
    player.play('wrong-plate');
    await advance(5000);
    player.play('duplicate');
    await advance(100);
    ctx.gesture();
    await flush();
    expect(ctx.notes.map((n) => n.freq)).toEqual([440, 440]);
    expect(durations(ctx.notes)).toEqual([90, 90]);
  });

  it('with every tone left out, the context started by the click still goes back to sleep', async () => {
    const { ctx, player, advance } = setup();
    ctx.holdUntilGesture();
    player.play('error');
    await advance(10_000);
    ctx.gesture();
    await flush();
    expect(ctx.state).toBe('running');
    await advance(2900);
    expect(ctx.state).toBe('running');
    await advance(200);
    expect(ctx.state).toBe('suspended');
    expect(ctx.notes).toEqual([]);
  });
});
