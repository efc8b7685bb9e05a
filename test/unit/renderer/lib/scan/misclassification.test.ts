import { describe, expect, it } from 'vitest';
import { WedgeDetector, type WedgeKey } from '../../../../../renderer/lib/scan/wedge-detector.js';
import { seededRandom as prng } from '../../../../helpers/seeded-random.js';
import { barcode, humanLine, humanText, scannerBurst } from './profiles.js';
import { replay } from './replay.js';

/**
 * Replays seeded timing profiles and MEASURES how often the detector is wrong. Bounds:
 * scanner reads missed or altered < 1 %, typed lines taken for scans < 0.5 %, and no
 * keystroke of correctly classified typing lost, duplicated or reordered.
 */
const N = 1500;
const rates: Record<string, string> = {};

function countMatches(expected: string[], got: string[]): number {
  let i = 0;
  let hits = 0;
  for (const g of got) {
    const j = expected.indexOf(g, i);
    if (j >= 0) {
      hits++;
      i = j + 1;
    }
  }
  return hits;
}

describe.each(['usb', 'bluetooth'] as const)('%s scanner profile', (profile) => {
  it(`scanner reads are detected (miss rate < 1%)`, () => {
    const rand = prng(profile === 'usb' ? 11 : 12);
    const det = new WedgeDetector({ profile });
    const keys: WedgeKey[] = [];
    const sent: string[] = [];
    let at = 1000;
    for (let i = 0; i < N; i++) {
      const text = barcode(rand);
      sent.push(text);
      const b = scannerBurst(rand, text, at, profile);
      keys.push(...b.keys);
      at = b.end + 300 + rand() * 2000;
    }
    const { field, scans } = replay(det, keys);
    const hits = countMatches(
      sent,
      scans.map((s) => s.text),
    );
    const missRate = (N - hits) / N;
    rates[`${profile} scanner miss rate`] = `${(missRate * 100).toFixed(2)}% (${N - hits}/${N})`;
    expect(missRate).toBeLessThan(0.01);
    expect(scans.length).toBe(hits); // nothing detected that was not sent (no merged or split reads)
    if (hits === N) expect(field).toBe(''); // a detected scan leaves no stray characters
  });

  it(`typed lines are not taken for scans (rate < 0.5%), and typing arrives intact`, () => {
    const rand = prng(profile === 'usb' ? 21 : 22);
    const det = new WedgeDetector({ profile });
    const keys: WedgeKey[] = [];
    let expected = '';
    let at = 1000;
    for (let i = 0; i < N; i++) {
      const text = humanText(rand);
      const l = humanLine(rand, text, at, rand() < 0.9 ? 'Enter' : 'Tab');
      expected += text + (l.keys.at(-1)!.key === 'Enter' ? '\n' : '\t');
      keys.push(...l.keys);
      at = l.end + 400 + rand() * 3000;
    }
    const { field, scans } = replay(det, keys);
    const rate = scans.length / N;
    rates[`${profile} typing-as-scan rate`] = `${(rate * 100).toFixed(2)}% (${scans.length}/${N} lines)`;
    expect(rate).toBeLessThan(0.005);
    // Every keystroke not swallowed by a false scan is in the field, in order.
    const swallowed = scans.reduce((n, s) => n + s.text.length + 1, 0);
    expect(field.length + swallowed).toBe(expected.length);
    if (scans.length === 0) expect(field).toBe(expected);
  });

  it('scans in the middle of typing: barcodes detected, typed text intact', () => {
    const rand = prng(profile === 'usb' ? 31 : 32);
    const det = new WedgeDetector({ profile });
    const keys: WedgeKey[] = [];
    const sent: string[] = [];
    let expected = '';
    let at = 1000;
    for (let i = 0; i < N / 3; i++) {
      const before = humanText(rand);
      const l1 = humanLine(rand, before, at);
      keys.push(...l1.keys.slice(0, -1)); // no Enter: the user scans mid-line
      at = l1.keys.at(-2)!.at + 200 + rand() * 1300; // a hand needs ≥ 200 ms to go from keys to scanner
      const code = barcode(rand);
      sent.push(code);
      const b = scannerBurst(rand, code, at, profile);
      keys.push(...b.keys);
      const after = humanText(rand);
      const l2 = humanLine(rand, after, b.end + 300 + rand() * 1000);
      keys.push(...l2.keys);
      expected += before + after + '\n';
      at = l2.end + 500 + rand() * 2000;
    }
    const { field, scans } = replay(det, keys);
    const hits = countMatches(
      sent,
      scans.map((s) => s.text),
    );
    const rate = (sent.length - hits + (scans.length - hits)) / sent.length;
    rates[`${profile} mixed typing+scan error rate`] = `${(rate * 100).toFixed(2)}% (${sent.length} scans)`;
    expect(rate).toBeLessThan(0.01);
    if (hits === sent.length && scans.length === hits) expect(field).toBe(expected);
  });
});

/** A fast typist: 60–150 ms between keys, fast runs of up to three keys at 25–45 ms, quick Enter. */
function fastTypistLine(rand: () => number, text: string, start: number): { keys: WedgeKey[]; end: number } {
  const keys: WedgeKey[] = [];
  let at = start;
  let run = 0;
  for (const ch of text) {
    keys.push({ key: ch, at });
    if (run < 2 && rand() < 0.25) {
      at += 25 + rand() * 20;
      run++;
    } else {
      at += 60 + rand() * 90;
      run = 0;
    }
  }
  at += 40 + rand() * 200;
  keys.push({ key: 'Enter', at });
  return { keys, end: at };
}

describe('harder cases', () => {
  it.each(['usb', 'bluetooth'] as const)('a fast typist with the %s profile: typing-as-scan < 0.5%%', (profile) => {
    const rand = prng(profile === 'usb' ? 41 : 42);
    const M = 3000;
    let falseScans = 0;
    for (let i = 0; i < M; i++) {
      const text = humanText(rand);
      const { field, scans } = replay(new WedgeDetector({ profile }), fastTypistLine(rand, text, 1000).keys);
      falseScans += scans.length;
      if (scans.length === 0) expect(field).toBe(`${text}\n`);
    }
    rates[`${profile} fast-typist typing-as-scan rate`] =
      `${((falseScans / M) * 100).toFixed(2)}% (${falseScans}/${M} lines)`;
    expect(falseScans / M).toBeLessThan(0.005);
  });

  it('the bluetooth profile also catches USB scanners (miss < 1%)', () => {
    const rand = prng(43);
    let misses = 0;
    for (let i = 0; i < N; i++) {
      const text = barcode(rand);
      const { scans } = replay(new WedgeDetector({ profile: 'bluetooth' }), scannerBurst(rand, text, 1000, 'usb').keys);
      if (scans.length !== 1 || scans[0]!.text !== text) misses++;
    }
    rates['bluetooth profile, USB scanner miss rate'] = `${((misses / N) * 100).toFixed(2)}%`;
    expect(misses / N).toBeLessThan(0.01);
  });

  it('a Bluetooth scanner under the usb profile degrades to typing: reads missed, but no keystroke lost', () => {
    const rand = prng(44);
    let misses = 0;
    let splits = 0;
    for (let i = 0; i < 300; i++) {
      const text = barcode(rand);
      const { field, scans } = replay(
        new WedgeDetector({ profile: 'usb' }),
        scannerBurst(rand, text, 1000, 'bluetooth').keys,
      );
      if (scans.length === 1 && scans[0]!.text === text) continue;
      misses++;
      if (scans.length > 0) splits++;
      // Whatever was not taken as a scan is in the field, in order: nothing lost or reordered.
      expect(field.replace('\n', '') + scans.map((s) => s.text).join('')).toBe(text);
    }
    rates['usb profile, Bluetooth scanner miss rate (wrong profile)'] =
      `${((misses / 300) * 100).toFixed(2)}% (${splits} split into typed head + scanned tail)`;
    expect(misses).toBeGreaterThan(0); // the profile setting matters: this is why it exists
  });
});

describe('measured rates', () => {
  it('prints them for the report', () => {
    console.info('wedge misclassification:', JSON.stringify(rates, null, 1));
    expect(Object.keys(rates).length).toBe(10);
  });
});
