import { cleanResidues } from './residues.js';

/** Nucleotide letters, IUPAC ambiguity codes and gaps included: anything else is an amino acid. */
const NUCLEOTIDE = /^[ACGTURYSWKMBDHVN.-]*$/i;

/**
 * Whether a sequence's residues are amino acids: as its type says (the list's, when the read left it out:
 * the spec allows that), else as its letters say — E, F, I, L, P, Q and the like are in no nucleotide code.
 * A protein is counted in aa, never given a GC %.
 */
export function isProteinSequence(type: string | undefined, residues: string): boolean {
  if (type !== undefined && type.trim() !== '') return type.trim().toUpperCase() === 'PROTEIN';
  return !NUCLEOTIDE.test(cleanResidues(residues));
}
