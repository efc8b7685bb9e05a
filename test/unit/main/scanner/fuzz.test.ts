import { describe, expect, it } from 'vitest';
import { HidPosDecoder } from '../../../../main/scanner/hid-pos-decoder.js';
import { KeyboardReportDecoder } from '../../../../main/scanner/keyboard-decoder.js';
import { KEYBOARD_LAYOUTS, type KeyboardLayoutName } from '../../../../shared/barcode/scanner-settings.js';
import { POS_SCANNER, KEYBOARD_SCANNER } from './fakes.js';
import { harness } from './harness.js';
import { seededRandom as prng, randInt, randomText } from '../../../helpers/seeded-random.js';
import { keyboardReports, posReports, type KeyMode } from './reports.js';

const SEEDS = [1, 7, 42, 1234, 99991];
const ASCII = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.:/+ ';
/** Beside ASCII, what each layout types, on Shift and AltGr too (its dead keys left out: they wait for the next key). */
const ALSO_TYPED: Record<KeyboardLayoutName, string> = {
  us: '!@#$%^&*()[]{};\'",<>?',
  de: 'äöüÄÖÜß§"&/()=?@€{[]}\\~|<>#\'',
  fr: 'éèçàù²°£$*µ%§!;,<>&"\'()=€#{[|\\^@]}~`',
};

function randomBytes(rand: () => number, n: number): Uint8Array {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = Math.floor(rand() * 256);
  return b;
}

describe('fuzz: random byte streams', () => {
  it.each(SEEDS)('seed %i: decoders and service never throw on garbage reports', (seed) => {
    const rand = prng(seed);
    const pos = new HidPosDecoder();
    const kb = new KeyboardReportDecoder({ layout: 'de', terminators: ['enter', 'tab'] });
    const h = harness({
      keyboardScanners: [{ vendorId: KEYBOARD_SCANNER.vendorId, productId: KEYBOARD_SCANNER.productId }],
    });
    h.layer.list = [POS_SCANNER, KEYBOARD_SCANNER];
    h.service.start();
    for (let i = 0; i < 3000; i++) {
      const report = randomBytes(rand, randInt(rand, 0, 70));
      if (rand() < 0.3) report[0] = 0x02; // make many look like POS reports so the decoder goes deep
      expect(() => pos.push(report, i)).not.toThrow();
      expect(() => kb.push(report, i)).not.toThrow();
      h.layer.handle(POS_SCANNER.path!).send(report);
      h.layer.handle(KEYBOARD_SCANNER.path!).send(report);
      h.time.advance(randInt(rand, 0, 40));
    }
    expect(() => pos.expire(1e9, 500)).not.toThrow();
    expect(() => kb.idle(1e9, 80)).not.toThrow();
    // Garbage may decode to scans, but every event must be well formed.
    for (const s of h.events.scan) expect(typeof s.text).toBe('string');
    for (const e of h.events.error) expect(e.message.length).toBeGreaterThan(0);
  });
});

describe('fuzz: recorded scans among noise', () => {
  it.each(SEEDS)('seed %i: HID POS reads interleaved with foreign reports arrive whole, once, in order', (seed) => {
    const rand = prng(seed);
    const sent: string[] = [];
    const d = new HidPosDecoder();
    const got: string[] = [];
    for (let i = 0; i < 300; i++) {
      const text = randomText(rand, ASCII, 1, 200);
      sent.push(text);
      for (const r of posReports(text, rand() < 0.5 ? ']C0' : ']d1')) {
        // Foreign reports (another report id: attributes, status) may arrive between parts.
        if (rand() < 0.3) {
          const noise = randomBytes(rand, 64);
          noise[0] = randInt(rand, 3, 255);
          d.push(noise, i);
        }
        for (const o of d.push(r, i)) if (o.type === 'scan') got.push(o.text);
      }
    }
    expect(got).toEqual(sent);
  });

  it.each(SEEDS.flatMap((s) => KEYBOARD_LAYOUTS.map((l) => [s, l] as const)))(
    'seed %i, layout %s: keyboard reads in random report styles decode exactly, no stray characters',
    (seed, layout) => {
      const rand = prng(seed);
      const alphabet = ASCII + ALSO_TYPED[layout];
      const modes: KeyMode[] = ['press-release', 'rollover', 'pairs'];
      const d = new KeyboardReportDecoder({ layout, terminators: ['enter', 'tab'] });
      const sent: string[] = [];
      const got: string[] = [];
      for (let i = 0; i < 200; i++) {
        const text = randomText(rand, alphabet, 1, 40).trim() || 'X';
        sent.push(text);
        const mode = modes[randInt(rand, 0, 2)]!;
        for (const r of keyboardReports(text, layout, mode, rand() < 0.5 ? 0x28 : 0x2b))
          got.push(...d.push(r, i).map((s) => s.text));
      }
      expect(got).toEqual(sent);
    },
  );

  it('service with back-to-back reads from two scanners: nothing lost or merged', () => {
    const rand = prng(2024);
    const h = harness({
      keyboardScanners: [{ vendorId: KEYBOARD_SCANNER.vendorId, productId: KEYBOARD_SCANNER.productId }],
    });
    h.layer.list = [POS_SCANNER, KEYBOARD_SCANNER];
    h.service.start();
    const sent = { pos: [] as string[], kb: [] as string[] };
    for (let i = 0; i < 200; i++) {
      const text = randomText(rand, ASCII, 1, 120).trim() || 'Y';
      if (rand() < 0.5) {
        sent.pos.push(text);
        posReports(text).forEach((r) => h.layer.handle(POS_SCANNER.path!).send(r));
      } else {
        sent.kb.push(text);
        keyboardReports(text, 'us', 'rollover').forEach((r) => h.layer.handle(KEYBOARD_SCANNER.path!).send(r));
      }
      h.time.advance(randInt(rand, 0, 5));
    }
    expect(h.events.scan.filter((s) => s.source.kind === 'hid-pos').map((s) => s.text)).toEqual(sent.pos);
    expect(h.events.scan.filter((s) => s.source.kind === 'hid-keyboard').map((s) => s.text)).toEqual(sent.kb);
    expect(h.events.error).toEqual([]);
  });
});
