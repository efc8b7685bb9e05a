/** One printed line of a sequence: its first residue's 1-based number and its blocks of residues. */
export interface ResidueLine {
  start: number;
  blocks: string[];
}

export interface ResidueLayout {
  /** Residues per block (the convention of sequence viewers and GenBank files: 10). */
  blockSize: number;
  blocksPerLine: number;
}

export const DEFAULT_RESIDUE_LAYOUT: ResidueLayout = { blockSize: 10, blocksPerLine: 6 };

/** Residues only: whitespace and digits (numbering pasted from GenBank text) are not residues. */
export const cleanResidues = (sequence: string): string => sequence.replace(/[\s\d]+/g, '');

/**
 * Splits a sequence into numbered lines of blocks, so a position can be read off the screen
 * ("line 61, third block") the way scientists read sequence printouts.
 */
export function formatResidues(sequence: string, layout: ResidueLayout = DEFAULT_RESIDUE_LAYOUT): ResidueLine[] {
  const blockSize = Math.max(1, Math.floor(layout.blockSize));
  const perLine = blockSize * Math.max(1, Math.floor(layout.blocksPerLine));
  const residues = cleanResidues(sequence);
  const lines: ResidueLine[] = [];
  for (let start = 0; start < residues.length; start += perLine) {
    const chunk = residues.slice(start, start + perLine);
    const blocks: string[] = [];
    for (let b = 0; b < chunk.length; b += blockSize) blocks.push(chunk.slice(b, b + blockSize));
    lines.push({ start: start + 1, blocks });
  }
  return lines;
}

/** Plain-text form (for copying): the start number right-aligned, then the blocks. */
export function residueText(sequence: string, layout: ResidueLayout = DEFAULT_RESIDUE_LAYOUT): string {
  const lines = formatResidues(sequence, layout);
  const width = String(lines.at(-1)?.start ?? 1).length;
  return lines.map((l) => `${String(l.start).padStart(width, ' ')} ${l.blocks.join(' ')}`).join('\n');
}

/** GC content in percent for nucleotide sequences; null when there are no residues. */
export function gcPercent(sequence: string): number | null {
  const residues = cleanResidues(sequence).toUpperCase();
  if (residues.length === 0) return null;
  const gc = [...residues].filter((c) => c === 'G' || c === 'C' || c === 'S').length;
  return Math.round((gc / residues.length) * 1000) / 10;
}
