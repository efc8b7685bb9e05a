import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  dictionaryEntries,
  generateFromDictionary,
  renderSyntaxTable,
  TABLE_PATH,
} from '../../../../scripts/gs1/generate-syntax-table.js';
import { gs1AiName, namedAis } from '../../../../shared/barcode/gs1-ai-names.js';
import { CHECKED_LINTERS, UNCHECKED_LINTERS } from '../../../../shared/barcode/gs1-linters.js';
import {
  aiLengthForPrefix,
  aiRule,
  allAis,
  compileSyntax,
  isDlPathSequence,
  matchesAiPattern,
} from '../../../../shared/barcode/gs1-rules.js';
import { GS1_SYNTAX_LINES } from '../../../../shared/barcode/gs1-syntax.generated.js';

describe('the generated GS1 syntax table', () => {
  it('is exactly what the generator makes from the committed dictionary (regenerate it when this fails)', () => {
    expect(readFileSync(TABLE_PATH, 'utf8')).toBe(generateFromDictionary());
  });

  it('holds every AI of the dictionary: 541 AIs, lengths 2 to 4, one AI length per two-digit prefix', () => {
    const ais = allAis();
    expect(ais).toHaveLength(541);
    for (const ai of ais) expect(aiLengthForPrefix(ai.slice(0, 2)), ai).toBe(ai.length);
  });

  it.each([
    ['710', 3],
    ['717', 3],
    ['7003', 4],
    ['7240', 4],
    ['4300', 4],
    ['4333', 4],
    ['423', 3],
    ['242', 3],
    ['235', 3],
    ['8001', 4],
    ['8003', 4],
    ['8007', 4],
    ['7007', 4],
    ['91', 2],
    ['00', 2],
  ])('(%s) is an AI of %i digits', (ai, length) => {
    expect(aiRule(ai)?.ai).toHaveLength(length);
  });

  it('reads lengths, character sets and linters as the dictionary gives them', () => {
    expect(aiRule('235')).toMatchObject({ minLength: 1, maxLength: 28, predefined: false });
    expect(aiRule('01')).toMatchObject({ minLength: 14, maxLength: 14, predefined: true, excludes: ['255', '37'] });
    expect(aiRule('10')?.parts).toEqual([{ cset: 'X', min: 1, max: 20, optional: false, linters: [] }]);
    expect(aiRule('8010')?.parts[0]?.cset).toBe('Y');
    expect(aiRule('8030')?.parts[0]?.cset).toBe('Z');
    expect(aiRule('7003')?.parts.map((p) => p.linters)).toEqual([['yymmdd'], ['hhmi']]);
    expect(aiRule('253')?.parts.map((p) => p.optional)).toEqual([false, true]);
    expect(aiRule('414')?.parts[0]?.linters).toContain('csum');
    expect(aiRule('17')?.requires).toEqual([[['01'], ['02'], ['03'], ['255'], ['8006'], ['8026']]]);
    expect(aiRule('7004')?.requires).toEqual([
      [
        ['01', '10'],
        ['03', '10'],
      ],
    ]);
    // A fixed length that still needs FNC1 after it: only the listed prefixes are predefined.
    expect(aiRule('7001')).toMatchObject({ minLength: 13, maxLength: 13, predefined: false });
  });

  it('names a linter for every component check, and each is either run or knowingly skipped', () => {
    const named = new Set(allAis().flatMap((ai) => aiRule(ai)!.parts.flatMap((p) => p.linters)));
    for (const l of named) expect(CHECKED_LINTERS.includes(l) || UNCHECKED_LINTERS.includes(l), l).toBe(true);
    for (const l of [...CHECKED_LINTERS, ...UNCHECKED_LINTERS]) {
      if (!['yyyymmd0'].includes(l)) expect(named.has(l), `${l} is not used by any AI`).toBe(true);
    }
  });

  it('gives every AI a plain-words name and names no AI that does not exist', () => {
    expect(new Set(namedAis())).toEqual(new Set(allAis()));
    expect(gs1AiName('10')).toBe('Batch or lot number');
    expect(gs1AiName('3103')).toBe('Net weight (kg)');
    expect(gs1AiName('89')).toBe('unassigned AI (89)');
  });

  it('builds Digital Link key-qualifier sequences from dlpkey, in order and without mixing alternatives', () => {
    expect(isDlPathSequence(['01'])).toBe(true);
    expect(isDlPathSequence(['01', '22', '10', '21'])).toBe(true);
    expect(isDlPathSequence(['01', '10'])).toBe(true);
    expect(isDlPathSequence(['01', '235'])).toBe(true);
    expect(isDlPathSequence(['01', '10', '22'])).toBe(false);
    expect(isDlPathSequence(['01', '22', '235'])).toBe(false);
    expect(isDlPathSequence(['414', '254'])).toBe(true);
    expect(isDlPathSequence(['00', '10'])).toBe(false);
    expect(isDlPathSequence(['10'])).toBe(false);
  });

  it('matches dictionary AI patterns with n as any digit', () => {
    expect(matchesAiPattern('3103', '310n')).toBe(true);
    expect(matchesAiPattern('3113', '310n')).toBe(false);
    expect(matchesAiPattern('3512', '35nn')).toBe(true);
    expect(matchesAiPattern('351', '35nn')).toBe(false);
  });
});

describe('compileSyntax reads the dictionary line syntax', () => {
  it('expands ranges, flags, optional components and attributes', () => {
    const rules = compileSyntax(['3940-3943 ? N4 req=255 ex=394n,8111', '253 ? N13,csum,gcppos1 [X..17] dlpkey']);
    expect([...rules.keys()]).toEqual(['3940', '3941', '3942', '3943', '253']);
    expect(rules.get('3942')).toMatchObject({
      predefined: false,
      dlAttribute: true,
      requires: [[['255']]],
      excludes: ['394n', '8111'],
    });
    expect(rules.get('253')).toMatchObject({ minLength: 13, maxLength: 30, dlQualifiers: [] });
    expect(() => compileSyntax(['99 ? Q..90'])).toThrow('bad GS1 syntax component');
  });

  it('is the form the generated lines are in', () => {
    expect(GS1_SYNTAX_LINES[0]).toBe('00 *? N18,csum,gcppos2 dlpkey');
  });
});

describe('reading the dictionary', () => {
  const sample = [
    '# GS1 Barcode Syntax Dictionary',
    '#',
    '00   *?  N18,csum,gcppos2  dlpkey  # SSCC',
    '3100-3105 *? N6 req=01,02 ex=310n  # NET WEIGHT (kg)',
    '',
    '8030  Z..90  req=00,01+21  # DIGSIG',
  ].join('\n');

  it('keeps every AI line without its title or extra spaces, and skips comments', () => {
    expect(dictionaryEntries(sample)).toEqual([
      '00 *? N18,csum,gcppos2 dlpkey',
      '3100-3105 *? N6 req=01,02 ex=310n',
      '8030 Z..90 req=00,01+21',
    ]);
  });

  it('refuses a file with no entries, and compiles what it reads', () => {
    expect(() => renderSyntaxTable('# nothing here\n', 'x')).toThrow(/no entries/);
    const rules = compileSyntax(dictionaryEntries(sample));
    expect(rules.get('3103')).toMatchObject({ predefined: true, minLength: 6, excludes: ['310n'] });
    expect(rules.get('8030')?.requires).toEqual([[['00'], ['01', '21']]]);
  });
});
