import { describe, expect, it } from 'vitest';
import { linkedSaid } from '../../../../../renderer/workflows/data/lib/labflow-link.js';
import { labsheetListNote } from '../../../../../renderer/workflows/data/lib/labsheet-list.js';
import { isProteinSequence } from '../../../../../renderer/workflows/data/lib/residue-kind.js';
import { readSampleLines } from '../../../../../renderer/workflows/data/lib/sample-lines.js';
import { parseWebhookJson } from '../../../../../renderer/workflows/data/lib/webhook-json.js';

describe('Assign samples: the "one per line" box', () => {
  it('takes the last word as a position only when it reads as one', () => {
    // The old box split on any space: "Sample 12" went as the ID "Sample" at position 12.
    expect(readSampleLines('Sample 12\nS-0001 A1\nS-0002 b03\nA1\n  S-0003  \n\nTube A 7').lines).toEqual([
      { id: 'Sample 12' },
      { id: 'S-0001', position: 'A1' },
      { id: 'S-0002', position: 'B3' },
      { id: 'A1' },
      { id: 'S-0003' },
      { id: 'Tube A 7' },
    ]);
  });

  it('says a line it cannot read, with its number, instead of dropping a word', () => {
    // The old box sent "S-0004 A1 spare" as S-0004 at A1, "spare" dropped without a word.
    const read = readSampleLines('S-0001\nS-0004 A1 spare\nS-0005 A2 B3');
    expect(read.lines).toEqual([{ id: 'S-0001' }]);
    expect(read.unread.map((u) => [u.line, u.text])).toEqual([
      [2, 'S-0004 A1 spare'],
      [3, 'S-0005 A2 B3'],
    ]);
    expect(read.unread[0]!.why).toBe(
      '"A1" looks like a position but is not at the end: write "ID position", one sample per line',
    );
  });
});

describe('Labflows: how many were linked', () => {
  it('warns when the service linked fewer samples than were sent', () => {
    // The old panel said "Linked." whatever samplesLinked said.
    expect(linkedSaid(5, 3)).toEqual({
      text: 'The service linked only 3 of the 5 samples sent: 2 are not linked. Check the row uuids and the test, and link the missing ones again.',
      short: true,
    });
    expect(linkedSaid(2, 1).text).toContain('1 is not linked');
  });

  it('says how many when all were linked, and when the service did not say', () => {
    expect(linkedSaid(2, 2)).toEqual({ text: 'Linked 2 samples.', short: false });
    expect(linkedSaid(2, undefined)).toEqual({ text: 'Linked (the service did not say how many).', short: false });
  });
});

describe('Webhooks: numbers a JavaScript number cannot hold', () => {
  it('refuses an integer beyond Number.MAX_SAFE_INTEGER, saying where and to send it as a string', () => {
    // The old check said "Valid JSON object." and the event went with 12345678901234567000.
    const text = '{\n  "event": "sample.received",\n  "sampleId": 12345678901234567891\n}';
    const parsed = parseWebhookJson(text);
    expect(parsed).toEqual({
      ok: false,
      line: 3,
      column: 15,
      message:
        '12345678901234567891 at line 3, column 15 is too large to be sent exactly: whole numbers beyond ' +
        '9007199254740991 lose their last digits (this one would go as 12345678901234567000). ' +
        'Send it as a string instead: "12345678901234567891".',
    });
    expect(parseWebhookJson('{"n": -9007199254740993}').ok).toBe(false);
  });

  it('takes safe integers, decimals, and big numbers written as strings', () => {
    const parsed = parseWebhookJson(
      '{"a": 9007199254740991, "b": -9007199254740991, "c": 1.5e300, "d": "12345678901234567891", "e": "x\\" 12345678901234567891"}',
    );
    expect(parsed.ok).toBe(true);
  });
});

describe('a labsheet picker’s note', () => {
  it('says the list could not be read, or is partial, and that the name can be typed', () => {
    expect(labsheetListNote({ names: [], listError: { text: 'The service cannot be reached' }, listedOf: null })).toBe(
      'The list of labsheets could not be read: type the labsheet’s name, or read the list again.',
    );
    expect(labsheetListNote({ names: ['A', 'B'], listError: null, listedOf: 120 })).toBe(
      'The service listed 2 of its 120 labsheets: type the name of one it left out.',
    );
    expect(labsheetListNote({ names: [], listError: null, listedOf: null })).toBe(
      'No labsheets are listed: type the labsheet’s name.',
    );
    expect(labsheetListNote({ names: ['A'], listError: null, listedOf: null })).toBeNull();
  });
});

describe('a sequence’s residues: amino acids or nucleotides', () => {
  it('as its type says, else as its letters say', () => {
    expect(isProteinSequence('PROTEIN', 'ACGT')).toBe(true);
    expect(isProteinSequence('DNA', 'MKTAYIAKQR')).toBe(false);
    expect(isProteinSequence(undefined, 'MKTAYIAKQRQISFVKSHFSRQ')).toBe(true);
    expect(isProteinSequence(undefined, 'atgc nnry 10 gattaca')).toBe(false);
  });
});
