import { describe, expect, it } from 'vitest';
import { flush, setup } from './fake-audio.js';

describe('TonePlayer lets the audio context sleep between tones', () => {
  it('suspends a warmed context that has played nothing after 3 s', async () => {
    const { ctx, player, advance } = setup();
    player.warm();
    await advance(2900);
    expect(ctx.state).toBe('running');
    await advance(200);
    expect(ctx.state).toBe('suspended');
  });

  it('suspends 3 s after the last note has stopped, not 3 s after the tone began', async () => {
    const { ctx, player, advance } = setup();
    player.play('error'); // one 350 ms note
    await advance(3300);
    expect(ctx.state).toBe('running');
    await advance(100);
    expect(ctx.state).toBe('suspended');
  });

  it('a tone during the wait starts it again', async () => {
    const { ctx, player, advance } = setup();
    player.play('success');
    await advance(2500);
    player.play('success');
    await advance(2500);
    expect(ctx.state).toBe('running');
    expect(ctx.suspends).toBe(0);
    await advance(700);
    expect(ctx.state).toBe('suspended');
  });

  it('a tone after the pause resumes the context and schedules every note on its running clock', async () => {
    const { ctx, player, advance } = setup();
    player.play('success');
    await advance(10_000);
    expect(ctx.state).toBe('suspended');
    const frozen = ctx.currentTime;

    player.play('expired'); // three notes
    await flush();
    expect(ctx.state).toBe('running');
    const notes = ctx.notes.slice(1);
    expect(notes.map((n) => n.freq)).toEqual([990, 740, 495]);
    expect(notes[0]!.start).toBeGreaterThanOrEqual(frozen);
    expect(notes.map((n) => Math.round((n.stop - n.start) * 1000))).toEqual([110, 110, 220]);

    // Asleep again once those have sounded and the wait has passed.
    await advance(440 + 60 + 3000 + 10);
    expect(ctx.state).toBe('suspended');
  });

  it('a tone while the suspend is still taking effect resumes the context, so its notes are not left frozen', async () => {
    const { time, ctx, player } = setup();
    player.play('success');
    time.advance(3100); // the idle timer asks for the suspend; it has not settled yet
    expect(ctx.state).toBe('running');
    player.play('duplicate');
    await flush();
    expect(ctx.state).toBe('running');
    expect(ctx.notes.map((n) => n.freq)).toEqual([1760, 440, 440]);
  });

  it('never suspends while a note is still to sound, even when the audio clock falls behind', async () => {
    const { ctx, player, advance } = setup();
    player.play('error');
    await advance(100);
    ctx.stall(true); // the device stops consuming: 250 ms of the note are still to come
    await advance(10_000);
    expect(ctx.suspends).toBe(0);
    ctx.stall(false);
    await advance(3500);
    expect(ctx.state).toBe('suspended');
    expect(ctx.suspendedAt).toBeGreaterThanOrEqual(0.35);
  });

  it('sounds off: plays nothing, and the warmed context still goes to sleep', async () => {
    const { ctx, player, advance } = setup();
    player.warm();
    player.enabled = false;
    player.play('success');
    await advance(3100);
    expect(ctx.notes).toEqual([]);
    expect(ctx.state).toBe('suspended');
  });
});
