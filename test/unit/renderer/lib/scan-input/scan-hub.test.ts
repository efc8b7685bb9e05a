import { describe, expect, it, vi } from 'vitest';
import { Feedback } from '../../../../../renderer/lib/feedback/feedback.svelte.js';
import {
  HELD_READ_LIMIT_MS,
  ScanHub,
  type IncomingScan,
} from '../../../../../renderer/lib/scan-input/scan-hub.svelte.js';
import { DEFAULT_SCAN_INPUT } from '../../../../../shared/barcode/scanner-settings.js';

function hub() {
  const feedback = new Feedback();
  feedback.tones.enabled = false;
  const h = new ScanHub(feedback);
  const handled: IncomingScan[] = [];
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { h, feedback, handled, settle };
}

describe('the scan hub: every read, from every path, through one door', () => {
  it('a double read (same code starting right after the first ends) is ignored and said so', async () => {
    const { h, feedback, handled, settle } = hub();
    h.claim(
      async (s) => void handled.push(s),
      () => null,
    );
    h.receive({ text: 'X'.repeat(102), source: 'wedge', mainAt: null, startedAt: 0, endedAt: 408 });
    h.receive({ text: 'X'.repeat(102), source: 'wedge', mainAt: null, startedAt: 410, endedAt: 818 });
    await settle();
    expect(handled).toHaveLength(1);
    expect(feedback.last?.outcome).toBe('Double read ignored (2 ms after the first)');
  });

  it('a double read of a scan already answered leaves that answer on the line, in its colour', async () => {
    const { h, feedback, settle } = hub();
    h.claim(
      async (s) => feedback.report(s.text, 'Scan a plate or box first', 'error', s.mainAt),
      () => null,
    );
    h.receive({ text: 'TB000061', source: 'field', mainAt: null, startedAt: 0, endedAt: 40 });
    await settle();
    const answer = feedback.last;
    h.receive({ text: 'TB000061', source: 'field', mainAt: null, startedAt: 200, endedAt: 240 });
    expect(feedback.last).toMatchObject({
      text: 'TB000061',
      outcome: 'Scan a plate or box first',
      kind: 'bad',
      seq: answer?.seq,
      note: 'Double read ignored (160 ms after the first)',
    });
    expect(feedback.flash?.kind).toBe('bad');
  });

  it("uses the user's window: 0 lets every read through", async () => {
    const { h, handled, settle } = hub();
    h.configure({ ...DEFAULT_SCAN_INPUT, dedupeWindowMs: 0 });
    h.claim(
      async (s) => void handled.push(s),
      () => null,
    );
    h.receive({ text: 'TB1', source: 'hid', mainAt: 1, startedAt: 0, endedAt: 10 });
    h.receive({ text: 'TB1', source: 'hid', mainAt: 2, startedAt: 11, endedAt: 20 });
    await settle();
    expect(handled.map((s) => s.text)).toEqual(['TB1', 'TB1']);
  });

  it('scans are handled one after another in arrival order; a failing handler reports NOT RECORDED', async () => {
    const { h, feedback, handled } = hub();
    h.claim(
      async (s) => {
        await new Promise((r) => setTimeout(r, s.text === 'A' ? 20 : 0));
        if (s.text === 'C') throw new Error('disk full');
        handled.push(s);
      },
      () => null,
    );
    for (const [i, t] of ['A', 'B', 'C'].entries())
      h.receive({ text: t, source: 'field', mainAt: null, startedAt: i * 100, endedAt: i * 100 + 5 });
    // Waited for, not slept on: on a loaded machine the first handler's 20 ms can take far longer.
    await vi.waitFor(() => expect(feedback.last?.outcome).toBe('NOT RECORDED: disk full'));
    expect(handled.map((s) => s.text)).toEqual(['A', 'B']);
  });

  it('an edit made outside a scan (Ctrl+Z) takes its turn between the scans around it; its failure is its own', async () => {
    const { h, settle } = hub();
    const order: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    h.claim(
      async (s) => {
        if (s.text === 'A') await gate; // the first tube's commit is still being answered
        order.push(s.text);
      },
      () => null,
    );
    h.receive({ text: 'A', source: 'hid', mainAt: 1, startedAt: 0, endedAt: 5 });
    const undo = h.inTurn(async () => {
      order.push('undo');
      return 'A';
    });
    const failing = h.inTurn(async () => {
      throw new Error('main unreachable');
    });
    h.receive({ text: 'B', source: 'hid', mainAt: 2, startedAt: 500, endedAt: 505 });
    await settle();
    expect(order).toEqual([]);
    release();
    expect(await undo).toBe('A');
    await expect(failing).rejects.toThrow('main unreachable');
    await settle();
    expect(order).toEqual(['A', 'undo', 'B']);
    expect(h.busy).toBe(false);
  });

  it('a scan for a screen still loading is held for it, and reported not recorded if it never opens', async () => {
    const { h, feedback, handled, settle } = hub();
    h.holdFor('Labels', 10_000);
    h.receive({ text: 'PLT000001', source: 'wedge', mainAt: null, startedAt: 0, endedAt: 5 });
    expect(feedback.last?.outcome).toBe('Held until Labels has opened');
    h.releaseHeld('Labels could not be loaded');
    expect(feedback.last?.outcome).toBe('NOT RECORDED: Labels could not be loaded');
    h.receive({ text: 'PLT000002', source: 'wedge', mainAt: null, startedAt: 1000, endedAt: 1005 });
    // Said as lost, with where to scan instead: nothing keeps it.
    expect(feedback.last?.outcome).toBe(
      'NOT RECORDED: this screen takes no scans. Open Well fill (Alt+1), Assign location (Alt+2) or Row update (Alt+3) and scan it again',
    );
    await settle();
    expect(handled).toEqual([]);
  });
});

describe('the scan hub: reads main kept while this page was not connected', () => {
  const read = (text: string, extra: { heldMs?: number; durationMs?: number } = {}) => ({
    text,
    source: { kind: 'hid-pos' as const, vendorId: 1, productId: 2 },
    durationMs: extra.durationMs ?? 5,
    mainAt: 1,
    ...(extra.heldMs !== undefined ? { heldMs: extra.heldMs } : {}),
  });

  it('a recent one is handled as a scan, at the time it was made', async () => {
    const { h, handled, settle } = hub();
    h.claim(
      async (s) => void handled.push(s),
      () => null,
    );
    // A tube scanned during the reload, then the same tube again 3 s later when nothing beeped:
    // both are real reads (the workflow refuses the second as already placed), not a double read.
    h.receiveFromMain(read('TB000001', { heldMs: 3_000 }), 10_000);
    h.receiveFromMain(read('TB000001', { heldMs: 0 }), 10_001);
    await settle();
    expect(handled.map((s) => s.text)).toEqual(['TB000001', 'TB000001']);
  });

  it('a double read the scanner made while the page was away is still one read', async () => {
    const { h, feedback, handled, settle } = hub();
    h.claim(
      async (s) => void handled.push(s),
      () => null,
    );
    h.receiveFromMain(read('TB000002', { heldMs: 1_050 }), 10_000);
    h.receiveFromMain(read('TB000002', { heldMs: 1_000 }), 10_000);
    await settle();
    expect(handled.map((s) => s.text)).toEqual(['TB000002']);
    expect(feedback.last?.outcome).toMatch(/^Double read ignored/);
  });

  it('an old one is not placed: it is listed as not recorded, with its age', async () => {
    const { h, feedback, handled, settle } = hub();
    h.claim(
      async (s) => void handled.push(s),
      () => null,
    );
    h.receiveFromMain(read(']C0TB000003', { heldMs: HELD_READ_LIMIT_MS + 10_000 }), 100_000);
    await settle();
    expect(handled).toEqual([]);
    expect(feedback.last?.text).toBe(']C0TB000003');
    expect(feedback.last?.outcome).toBe(
      'NOT RECORDED: scanned 30 s ago while Benchlink was not connected. Scan it again if it is still needed.',
    );
  });

  it('a HID read whose data starts with "]" and a code letter gets its AIM in front; one with that very AIM keeps it once', async () => {
    const { h, handled, settle } = hub();
    h.claim(
      async (s) => void handled.push(s),
      () => null,
    );
    // On the old code any text starting with "]" was left without its AIM: the classifier then took
    // "]A0" of the data for the AIM and dropped it.
    h.receiveFromMain({ ...read(']A0123'), aim: ']C0' }, 1_000);
    h.receiveFromMain({ ...read(']d20109506000134352'), aim: ']d2' }, 2_000);
    await settle();
    expect(handled.map((s) => s.text)).toEqual([']C0]A0123', ']d20109506000134352']);
  });

  it("a keyboard scanner's read, whose keys Benchlink's layout setting read, is told from a HID POS scanner's data", async () => {
    const { h, handled, settle } = hub();
    h.configure({ ...DEFAULT_SCAN_INPUT, dedupeWindowMs: 0 });
    h.claim(
      async (s) => void handled.push(s),
      () => null,
    );
    h.receiveFromMain({ ...read('Sß0011'), source: { kind: 'hid-keyboard', vendorId: 1, productId: 3 } }, 1_000);
    h.receiveFromMain(read('Sß0011'), 2_000);
    await settle();
    expect(handled.map((s) => s.source)).toEqual(['hid-keys', 'hid']);
  });

  it('a Settings test read that waited is dropped: it was for a test panel that is gone', async () => {
    const { h, feedback, handled, settle } = hub();
    h.claim(
      async (s) => void handled.push(s),
      () => null,
    );
    h.receiveFromMain({ ...read('TEST'), source: { kind: 'test', vendorId: 0, productId: 0 }, heldMs: 10 }, 50);
    await settle();
    expect(handled).toEqual([]);
    expect(feedback.last).toBeNull();
  });
});

describe('the scan hub: a scanner programmed to put characters around each code (Settings → Scanners)', () => {
  it('takes them off a scan field read and a HID read (before the AIM id goes in front); a wedge read has them off already', async () => {
    const { h, handled, settle } = hub();
    h.configure({ ...DEFAULT_SCAN_INPUT, prefix: '~', suffix: '*', dedupeWindowMs: 0 });
    h.claim(
      async (s) => void handled.push(s),
      () => null,
    );
    h.receive({ text: '~TB000011*', source: 'field', mainAt: null, startedAt: 0, endedAt: 40 });
    h.receiveFromMain(
      {
        text: '~TB000012*',
        source: { kind: 'hid-pos', vendorId: 1, productId: 2 },
        durationMs: 5,
        mainAt: 1,
        aim: ']C0',
      },
      1_000,
    );
    // The wedge detector took its framing off: a code whose own data starts with "~" keeps it.
    h.receive({ text: '~A1', source: 'wedge', mainAt: null, startedAt: 2_000, endedAt: 2_040 });
    // Typed by hand, without them: as typed.
    h.receive({ text: 'TB000013', source: 'field', mainAt: null, startedAt: 3_000, endedAt: 3_040 });
    await settle();
    expect(handled.map((s) => s.text)).toEqual(['TB000011', ']C0TB000012', '~A1', 'TB000013']);
  });

  it('without a setting, a read is taken as it came (the default)', async () => {
    const { h, handled, settle } = hub();
    h.claim(
      async (s) => void handled.push(s),
      () => null,
    );
    h.receive({ text: '~TB000011*', source: 'field', mainAt: null, startedAt: 0, endedAt: 40 });
    await settle();
    expect(handled.map((s) => s.text)).toEqual(['~TB000011*']);
  });
});
