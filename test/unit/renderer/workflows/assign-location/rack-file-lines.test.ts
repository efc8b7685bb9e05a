import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * What a rack file's lines say, on the real main in-process and its sandbox: no line is saved as what it
 * is not, and none is lost unsaid. On the old code a file read offline saved "N/A" and "NR" as tubes,
 * dropped an `A 7` line with no word, saved the first of two tubes read at one position, and took a
 * "Rack,Position,Barcode" export for another rack's file.
 */
const open = benchesPerTest();

async function box() {
  const b = await open('spec');
  const screen = b.assignScreen();
  await screen.scan('BOX000001');
  await expect.poll(() => screen.s.samples.size).toBeGreaterThan(0);
  const queued = async () =>
    (await b.entries())
      .flatMap((e) => (e.intent?.type === 'location-assign' ? [`${e.intent.id}@${e.intent.position}`] : []))
      .sort();
  return { b, ...screen, queued };
}

describe('a rack file on Assign location, line by line', () => {
  it('offline: no-read words are misreads to rescan, and a line naming no position is said', async () => {
    const { b, s, queued } = await box();
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    const said = await s.rack.importText(
      ['A1,TB000100', 'A2,N/A', 'A3,NR', 'A4,ERR', 'A5,Unreadable', 'A6,0000000000', 'A 7,TB000107'].join('\n'),
    );
    expect(await queued()).toEqual(['TB000100@A1']);
    expect(s.rescan).toEqual(['A2', 'A3', 'A4', 'A5', 'A6']);
    expect(said.ok).toBe(false);
    expect(said.text).toMatch(/^1 tube saved from the rack file; 5 positions to rescan: A2 A3 A4 A5 A6/);
    expect(said.text).toMatch(
      /1 line of the file names no position, so nothing was saved from it: "A 7,TB000107"\. If it is a tube's, scan its position, then the tube$/,
    );
  });

  it('two different tubes read at one position: neither is saved, and the position is listed to look at', async () => {
    const { s, queued } = await box();
    const said = await s.rack.importText('Position,Barcode\nA1,TB000100\nA1,TB000101\nA2,TB000102');
    expect(await queued()).toEqual(['TB000102@A2']);
    expect(said.ok).toBe(false);
    expect(said.text).toContain(
      'the file reads more than one tube at 1 position (A1 (TB000100 and TB000101)): a position holds one tube, ' +
        'so none of those reads was saved: look at the rack there',
    );
    expect(s.rack.bad.map((x) => x.position)).toEqual(['A1']);
    expect(s.rack.bad[0]!.reason).toMatch(/^the file reads TB000100 and TB000101 in A1; a position holds one tube/);
  });

  it('a "Rack,Position,Barcode" export with no header line is refused for its columns, not as another rack', async () => {
    const { s, queued } = await box();
    const said = await s.rack.importText('R1,A1,TB000100\nR1,A2,TB000101');
    expect(await queued()).toEqual([]);
    expect(said.text).toMatch(
      /^Nothing from the rack file was saved: its lines have 3 columns, and the first is no position/,
    );
    // With its header line, it is read by the columns the header names.
    const read = await s.rack.importText('Rack,Position,Barcode\nR1,A1,TB000100\nR1,A2,TB000101');
    expect(read.text).toBe('2 tubes saved from the rack file');
    expect(await queued()).toEqual(['TB000100@A1', 'TB000101@A2']);
  });
});
