import { describe, expect, it } from 'vitest';
import { readHostStatus } from '../../../../main/labels/host-status.js';
import { randInt, seededRandom } from '../../../helpers/seeded-random.js';
import { statusAnswer } from '../../../helpers/fake-zebra.js';

const clear = {
  paperOut: false,
  paused: false,
  bufferFull: false,
  corruptRam: false,
  underTemperature: false,
  overTemperature: false,
  headOpen: false,
  ribbonOut: false,
  labelWaiting: false,
};

describe('readHostStatus (a Zebra ~HS answer)', () => {
  it('reads every flag Benchlink acts on from its place in the three lines', () => {
    for (const flag of Object.keys(clear) as Array<keyof typeof clear>) {
      expect(readHostStatus(statusAnswer({ [flag]: true })), flag).toEqual({
        kind: 'complete',
        status: { ...clear, [flag]: true },
      });
    }
    // As printed in the ZPL guide's example order, from a real printer (paper out and paused).
    expect(
      readHostStatus(
        '\u0002030,1,1,1225,000,0,0,0,000,0,0,0\u0003\r\n\u0002001,0,0,1,1,2,6,0,00000100,1,000\u0003\r\n\u00021234,0\u0003\r\n',
      ),
    ).toEqual({ kind: 'complete', status: { ...clear, paperOut: true, paused: true, ribbonOut: true } });
  });

  it('does not take a ribbon-out reading for a stop on a printer set to direct thermal (no ribbon)', () => {
    const directThermal = (ribbon: string): string =>
      `\u0002030,0,0,1225,000,0,0,0,000,0,0,0\u0003\r\n\u0002001,0,0,${ribbon},0,2,6,0,00000000,1,000\u0003\r\n\u00021234,0\u0003\r\n`;
    expect(readHostStatus(directThermal('1'))).toEqual({ kind: 'complete', status: clear });
    expect(readHostStatus(directThermal('0'))).toEqual({ kind: 'complete', status: clear });
  });

  it('reads the same answer however it is cut into pieces, and never before it is whole', () => {
    for (const eol of ['\r\n', '\n', '', ' \r\n\t']) {
      const answer = statusAnswer({ paused: true }, eol);
      const whole = answer.lastIndexOf('\u0003') + 1;
      for (let cut = 0; cut <= answer.length; cut++) {
        const read = readHostStatus(answer.slice(0, cut));
        expect(read.kind, `${JSON.stringify(eol)} cut at ${cut}`).toBe(cut >= whole ? 'complete' : 'incomplete');
      }
    }
  });

  it('has the flags once the first two lines are in, before the third', () => {
    const answer = statusAnswer({ headOpen: true });
    const two = answer.indexOf('\u0003', answer.indexOf('\u0003') + 1) + 1;
    expect(readHostStatus(answer.slice(0, two))).toEqual({ kind: 'incomplete', status: { ...clear, headOpen: true } });
    expect(readHostStatus(answer.slice(0, two - 1))).toEqual({ kind: 'incomplete', status: null });
  });

  it('says why an answer is garbled', () => {
    expect(readHostStatus('ERROR\r\n')).toEqual({
      kind: 'garbled',
      reason: 'it does not look like a Zebra status answer',
    });
    expect(readHostStatus('\u0002030,0,0\u0002030,0,0,1225')).toEqual({
      kind: 'garbled',
      reason: 'one of its lines was cut short',
    });
    expect(readHostStatus('\u0002030,0,0\u0003\u0002001,0,0,0,1,2,6,0\u0003')).toEqual({
      kind: 'garbled',
      reason: 'its first line has 3 values where at least 12 are expected',
    });
    expect(readHostStatus(`\u0002${'0'.repeat(300)}`)).toEqual({
      kind: 'garbled',
      reason: 'it is far longer than a status answer',
    });
  });

  it('never throws on random bytes', () => {
    const rand = seededRandom(34);
    const alphabet = '\u0002\u0003,01 9\r\nx';
    for (let n = 0; n < 2000; n++) {
      let text = '';
      for (let i = randInt(rand, 0, 120); i > 0; i--) text += alphabet[randInt(rand, 0, alphabet.length - 1)];
      const read = readHostStatus(text);
      expect(['complete', 'incomplete', 'garbled']).toContain(read.kind);
    }
  });
});
