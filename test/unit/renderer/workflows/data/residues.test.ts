import { describe, expect, it } from 'vitest';
import {
  cleanResidues,
  formatResidues,
  gcPercent,
  residueText,
} from '../../../../../renderer/workflows/data/lib/residues.js';

describe('residue formatting', () => {
  it('splits into blocks of 10, six blocks a line, numbered from 1', () => {
    const seq = 'A'.repeat(60) + 'C'.repeat(25);
    const lines = formatResidues(seq);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual({ start: 1, blocks: Array.from({ length: 6 }, () => 'A'.repeat(10)) });
    expect(lines[1]).toEqual({ start: 61, blocks: ['CCCCCCCCCC', 'CCCCCCCCCC', 'CCCCC'] });
  });

  it('ignores whitespace and GenBank-style numbers in the stored text', () => {
    expect(cleanResidues('  1 atgc gg\n 7 tt ')).toBe('atgcggtt');
    expect(formatResidues('ATG CAT\nGGA')[0]?.blocks).toEqual(['ATGCATGGA']);
  });

  it('honours other layouts and never loops on nonsense sizes', () => {
    expect(formatResidues('ABCDEFG', { blockSize: 3, blocksPerLine: 1 }).map((l) => [l.start, l.blocks])).toEqual([
      [1, ['ABC']],
      [4, ['DEF']],
      [7, ['G']],
    ]);
    expect(formatResidues('ABC', { blockSize: 0, blocksPerLine: 0 })).toHaveLength(3);
  });

  it('is empty for an empty sequence', () => {
    expect(formatResidues('')).toEqual([]);
    expect(residueText('')).toBe('');
  });

  it('right-aligns line numbers in the copyable text', () => {
    const text = residueText('G'.repeat(130));
    expect(text.split('\n').map((l) => l.slice(0, 4))).toEqual(['  1 ', ' 61 ', '121 ']);
  });

  it('computes GC content to one decimal', () => {
    expect(gcPercent('GGCC')).toBe(100);
    expect(gcPercent('ATGC')).toBe(50);
    expect(gcPercent('AAG')).toBe(33.3);
    expect(gcPercent('')).toBeNull();
  });
});
