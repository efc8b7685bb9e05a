import { describe, expect, it } from 'vitest';
import { seededRandom as prng } from '../../../../helpers/seeded-random.js';
import { FakeBrowser, FakeElement } from './fake-dom.js';
import { humanGap } from './profiles.js';

const textInput = () => new FakeElement('INPUT', { type: 'text' });

function scanInto(b: FakeBrowser, text: string, start: number, gap = 6, terminator = 'Enter') {
  const end = b.type(text, start, gap);
  return b.key(terminator, end);
}

describe('wedge in a focused text field', () => {
  it('a scan leaves no stray characters, does not submit, and reports the field as target', () => {
    const input = textInput();
    input.value = 'note: ';
    input.selectionStart = input.selectionEnd = 6;
    const b = new FakeBrowser(input);
    const enter = scanInto(b, 'PLT000777', 1000);
    b.settle();
    expect(input.value).toBe('note: ');
    expect(enter.prevented).toBe(true);
    expect(b.submits).toEqual([]);
    expect(b.scans).toEqual([{ scan: expect.objectContaining({ text: 'PLT000777' }), target: input }]);
  });

  it('typing goes through unchanged: every key, in order, Backspace included', () => {
    const input = textInput();
    const b = new FakeBrowser(input);
    const rand = prng(5);
    let at = 1000;
    let fast = 0;
    for (const ch of 'Tris buffer pH 7.5, lot 12x') {
      b.key(ch, at);
      const g = humanGap(rand, fast);
      fast = g < 60 ? fast + 1 : 0;
      at += g;
    }
    b.key('Backspace', at);
    b.key('4', at + 150);
    b.key('Enter', at + 400);
    b.settle();
    expect(input.value).toBe('Tris buffer pH 7.5, lot 124');
    expect(b.submits).toEqual(['Tris buffer pH 7.5, lot 124']);
    expect(b.scans).toEqual([]);
  });

  it('a scan in the middle of typing: the typed text stays whole around it', () => {
    const input = textInput();
    const b = new FakeBrowser(input);
    const at = b.type('vol ', 1000, 140);
    scanInto(b, 'TB12345678', at + 900);
    b.type('ok', at + 2000, 150);
    b.settle();
    expect(input.value).toBe('vol ok');
    expect(b.scans.map((s) => s.scan.text)).toEqual(['TB12345678']);
  });

  it('Tab-terminated scans keep focus where the next scan goes', () => {
    const b = new FakeBrowser(textInput());
    const tab = scanInto(b, 'BOX0001', 1000, 5, 'Tab');
    expect(tab.prevented).toBe(true);
    expect(b.tabs).toEqual([]);
  });

  it('a fast double read gives two scans (the hub judges doubles); both leave the field clean', () => {
    const input = textInput();
    const b = new FakeBrowser(input);
    scanInto(b, 'TB42', 1000);
    scanInto(b, 'TB42', 1120);
    b.settle();
    expect(b.scans.map((s) => s.scan.text)).toEqual(['TB42', 'TB42']);
    expect(input.value).toBe('');
  });

  it('held keys go back to the field they were typed in when focus moves', () => {
    const first = textInput();
    const second = textInput();
    const b = new FakeBrowser(first);
    b.key('a', 1000);
    b.focused = second;
    b.key('b', 1010);
    b.settle();
    expect(first.value).toBe('a');
    expect(second.value).toBe('b');
  });

  it('shortcuts pass after held keys are released', () => {
    const input = textInput();
    const b = new FakeBrowser(input);
    b.key('x', 1000);
    const copy = b.key('c', 1005, { ctrl: true });
    expect(copy.prevented).toBe(false);
    expect(input.value).toBe('x');
  });
});

describe('never intercept where it must not', () => {
  it.each([
    ['password field', () => new FakeElement('INPUT', { type: 'password' })],
    [
      'autocomplete=current-password',
      () => new FakeElement('INPUT', { type: 'text', autocomplete: 'current-password' }),
    ],
    ['data-scan="off" on the field', () => new FakeElement('INPUT', { type: 'text', 'data-scan': 'off' })],
    [
      'data-scan="off" on an ancestor',
      () => new FakeElement('TEXTAREA', {}, new FakeElement('FORM', { 'data-scan': 'off' })),
    ],
  ])('%s: a fast typed password is neither held, swallowed nor reported', (_name, make) => {
    const field = make();
    const b = new FakeBrowser(field);
    const sent = [...'Hunter2Pass'].map((ch, i) => b.key(ch, 1000 + i * 8));
    const enter = b.key('Enter', 1100);
    expect(sent.every((e) => !e.prevented && !e.stopped)).toBe(true);
    expect(field.value).toBe('Hunter2Pass'); // immediately, no delay
    expect(enter.prevented).toBe(false);
    expect(b.submits).toEqual(['Hunter2Pass']);
    b.settle();
    expect(b.scans).toEqual([]);
  });

  it('moving into a password field mid-burst gives held keys back to the previous field', () => {
    const user = textInput();
    const pass = new FakeElement('INPUT', { type: 'password' });
    const b = new FakeBrowser(user);
    b.key('m', 1000);
    b.focused = pass;
    b.key('s', 1010);
    expect(user.value).toBe('m');
    expect(pass.value).toBe('s');
  });
});

describe('editable grid cell (keys handled by the grid, not a text input)', () => {
  it('a scan reaches the grid as one scan, not as keys; typed keys reach it in order', () => {
    const cell = new FakeElement('DIV', { role: 'gridcell' });
    const b = new FakeBrowser(cell);
    const held = b.type('S-1001', 1000, 4).valueOf();
    b.key('Enter', held);
    expect(cell.received).toEqual([]);
    b.type('12', 3000, 180);
    b.settle();
    expect(cell.received).toEqual(['1', '2']);
    expect(b.scans.map((s) => s.scan.text)).toEqual(['S-1001']);
  });

  it('held keys are stopped before grid handlers see them (no edit mode on the first scan key)', () => {
    const b = new FakeBrowser(new FakeElement('DIV', { role: 'gridcell' }));
    const first = b.key('P', 1000);
    expect(first.prevented && first.stopped).toBe(true);
  });
});

describe('the Bluetooth profile and typing', () => {
  it('a fast typist in a text field (6 keys at 45 ms, then Enter) keeps every key; nothing is taken for a scan', () => {
    const input = textInput();
    const b = new FakeBrowser(input, { profile: 'bluetooth' });
    const end = b.type('TB0042', 1000, 45);
    b.key('Enter', end + 45);
    b.settle();
    expect(b.scans).toEqual([]);
    expect(input.value).toBe('TB0042');
  });

  it('a password-like string typed at 25–60 ms into a text field stays typing', () => {
    const input = textInput();
    const b = new FakeBrowser(input, { profile: 'bluetooth' });
    let at = 0;
    for (const ch of 'xK9#mQ2!vR') b.key(ch, (at += 25 + ((at * 7) % 36)));
    b.settle();
    expect(b.scans).toEqual([]);
    expect(input.value).toBe('xK9#mQ2!vR');
  });

  it('a Bluetooth read made with focus outside a text field is still caught', () => {
    const well = new FakeElement('BUTTON');
    const b = new FakeBrowser(well, { profile: 'bluetooth' });
    const end = b.type('TB000042', 1000, 40);
    b.key('Enter', end + 40);
    b.settle();
    expect(b.scans.map((s) => s.scan.text)).toEqual(['TB000042']);
  });
});

/**
 * A scan made right after the page loads: the keys start on the bare page (the screen is still
 * drawing), then the screen focuses its scan field (data-scan="off": the field takes its keys
 * itself) mid-read. Timings as measured in Chromium (test/e2e/workflows/wedge-keys.spec.ts).
 */
describe('a scan while the page is still drawing its screen', () => {
  const body = () => new FakeElement('BODY');
  const scanField = () => new FakeElement('INPUT', { type: 'text', 'data-scan': 'off' });
  /** The measured times, after the fake clock's start. */
  const t = (ms: number) => 1000 + ms;

  it('the keys held on the bare page go into the scan field when it takes focus mid-read', () => {
    const field = scanField();
    const b = new FakeBrowser(body());
    b.key('P', t(536.2));
    b.key('L', t(624.3));
    b.focused = field;
    const at = [765.5, 920.4, 929.7, 941.0, 951.0, 970.6, 979.8];
    [...'T000001'].forEach((k, i) => b.key(k, t(at[i]!)));
    b.key('Enter', t(994.3));
    b.settle();
    expect(b.submits).toEqual(['PLT000001']);
  });

  it('keys held on the bare page go into the scan field that took focus while they waited', () => {
    const field = scanField();
    const b = new FakeBrowser(body());
    b.key('P', t(409.0));
    b.key('L', t(417.7));
    b.key('T', t(472.2));
    b.time.advance(t(488.6) - b.time.now());
    b.focused = field; // the screen is drawn; the page, busy, delivers the next key 262 ms after the last
    const at = [734.3, 747.8, 756.9, 765.1, 773.5, 782.4];
    [...'000001'].forEach((k, i) => b.key(k, t(at[i]!)));
    b.key('Enter', t(796.1));
    b.settle();
    expect(b.submits).toEqual(['PLT000001']);
  });

  it('a first key the busy page got 430 ms late is not given back before the keys behind it', () => {
    const field = scanField();
    const b = new FakeBrowser(body());
    b.key('P', t(630.6), {}, t(1061.4));
    b.key('L', t(1082.5));
    b.time.advance(t(1104.0) - b.time.now());
    b.focused = field;
    const at = [1159.9, 1193.7, 1203.5, 1212.5, 1220.6, 1228.7, 1237.4];
    [...'T000001'].forEach((k, i) => b.key(k, t(at[i]!)));
    b.key('Enter', t(1247.1));
    b.settle();
    expect(b.submits).toEqual(['PLT000001']);
  });

  it('a read the busy page got all at once, 570 ms late, keeps its first key', () => {
    // Queued keys keep the times they were pressed; each reaches the page 0.5 ms after the one before.
    const b = new FakeBrowser(textInput());
    [...'PLT000001', 'Enter'].forEach((k, i) => b.key(k, t(630.6 + i * 8), {}, t(1200 + i * 0.5)));
    b.settle();
    expect(b.scans.map((s) => s.scan.text)).toEqual(['PLT000001']);
  });

  it('new settings applied mid-read keep what is held; a read wholly on the page is one scan', () => {
    const b = new FakeBrowser(body());
    b.key('T', t(316.8));
    b.controller.configure({ profile: 'usb' });
    const at = [350.6, 411.2, 422.2, 434.3, 442.0, 450.2, 462.4];
    [...'B000001'].forEach((k, i) => b.key(k, t(at[i]!)));
    b.key('Enter', t(485.1));
    b.settle();
    expect(b.scans.map((s) => s.scan.text)).toEqual(['TB000001']);
  });

  it('held keys are never handed to a password field that takes focus', () => {
    const page = body();
    const pass = new FakeElement('INPUT', { type: 'password' });
    const b = new FakeBrowser(page);
    b.key('q', 1000);
    b.focused = pass;
    b.key('s', 1100);
    b.settle();
    expect(pass.value).toBe('s');
    expect(page.received).toEqual(['q']);
  });

  it("a person's Space on a button is given back after the usual short wait, not the page's longer one", () => {
    const button = new FakeElement('BUTTON');
    const b = new FakeBrowser(button);
    expect(b.key(' ', 1000).prevented).toBe(true);
    b.time.advance(50);
    expect(button.received).toEqual([' ']);
  });
});
