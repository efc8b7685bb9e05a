import { GS1_SYNTAX_LINES } from './gs1-syntax.generated.js';

/**
 * The GS1 syntax table compiled once into a map by AI, so every check per scan is an O(1) look-up.
 * The lines are in the GS1 Barcode Syntax Dictionary's own syntax (see gs1-syntax.generated.ts).
 */
export type Gs1Cset = 'N' | 'X' | 'Y' | 'Z';

export interface AiPart {
  cset: Gs1Cset;
  min: number;
  max: number;
  optional: boolean;
  linters: readonly string[];
}

export interface AiRule {
  ai: string;
  /** `*`: a predefined length, so no FNC1 separator follows it in an element string. */
  predefined: boolean;
  /** `?`: may be carried as a Digital Link query attribute. */
  dlAttribute: boolean;
  parts: readonly AiPart[];
  minLength: number;
  maxLength: number;
  /** Each entry must hold; an entry holds when one of its groups is present in full. */
  requires: readonly (readonly (readonly string[])[])[];
  /** AIs or patterns (`310n`, `35nn`) that must not appear with this one. */
  excludes: readonly string[];
  /** Digital Link primary key: null when it is not one, else its allowed qualifier sequences. */
  dlQualifiers: readonly (readonly string[])[] | null;
}

function expandRange(spec: string): string[] {
  const [from, to] = spec.split('-') as [string, string | undefined];
  if (to === undefined) return [from];
  const out: string[] = [];
  for (let n = Number(from); n <= Number(to); n++) out.push(String(n).padStart(from.length, '0'));
  return out;
}

function parsePart(token: string): AiPart {
  const [typeToken, ...linters] = token.split(',') as [string, ...string[]];
  const optional = typeToken.startsWith('[');
  const m = /^\[?([NXYZ])(\.\.)?(\d+)\]?$/.exec(typeToken);
  if (!m) throw new Error(`bad GS1 syntax component "${token}"`);
  const max = Number(m[3]);
  return { cset: m[1] as Gs1Cset, min: m[2] ? 1 : max, max, optional, linters };
}

/** Compiles dictionary-syntax lines; exported so tests can compile small tables of their own. */
export function compileSyntax(lines: readonly string[]): Map<string, AiRule> {
  const rules = new Map<string, AiRule>();
  for (const line of lines) {
    const [range, ...tokens] = line.split(/\s+/) as [string, ...string[]];
    const flags = tokens[0] && /^[*?]+$/.test(tokens[0]) ? tokens.shift()! : '';
    const parts: AiPart[] = [];
    const requires: string[][][] = [];
    const excludes: string[] = [];
    let dlQualifiers: string[][] | null = null;
    for (const t of tokens) {
      if (t.startsWith('req='))
        requires.push(
          t
            .slice(4)
            .split(',')
            .map((g) => g.split('+')),
        );
      else if (t.startsWith('ex=')) excludes.push(...t.slice(3).split(','));
      else if (t === 'dlpkey') dlQualifiers = [];
      else if (t.startsWith('dlpkey='))
        dlQualifiers = t
          .slice(7)
          .split('|')
          .map((s) => s.split(','));
      else parts.push(parsePart(t));
    }
    const minLength = parts.reduce((n, p) => n + (p.optional ? 0 : p.min), 0);
    const maxLength = parts.reduce((n, p) => n + p.max, 0);
    for (const ai of expandRange(range)) {
      rules.set(ai, {
        ai,
        predefined: flags.includes('*'),
        dlAttribute: flags.includes('?'),
        parts,
        minLength,
        maxLength,
        requires,
        excludes,
        dlQualifiers,
      });
    }
  }
  return rules;
}

const RULES = compileSyntax(GS1_SYNTAX_LINES);

/** AI length by its first two digits: GS1 keeps it the same for every AI sharing them. */
const LENGTH_BY_PREFIX = new Map<string, number>();
for (const ai of RULES.keys()) LENGTH_BY_PREFIX.set(ai.slice(0, 2), ai.length);

/**
 * Every sequence of AIs a Digital Link path may carry, space-joined ("01 22 10"): each primary key
 * alone or followed by any ordered subset of one of its qualifier sequences (dictionary `dlpkey=`).
 */
const DL_PATH_SEQUENCES = new Set<string>();
for (const rule of RULES.values()) {
  if (!rule.dlQualifiers) continue;
  DL_PATH_SEQUENCES.add(rule.ai);
  for (const seq of rule.dlQualifiers) {
    for (let mask = 1; mask < 1 << seq.length; mask++) {
      const chosen = seq.filter((_, i) => mask & (1 << i));
      DL_PATH_SEQUENCES.add([rule.ai, ...chosen].join(' '));
    }
  }
}

export function aiRule(ai: string): AiRule | undefined {
  return RULES.get(ai);
}

/** The AI length for data starting with these two digits, or undefined when no AI starts so. */
export function aiLengthForPrefix(firstTwo: string): number | undefined {
  return LENGTH_BY_PREFIX.get(firstTwo);
}

export function isDlPathSequence(ais: readonly string[]): boolean {
  return DL_PATH_SEQUENCES.has(ais.join(' '));
}

export function allAis(): string[] {
  return [...RULES.keys()];
}

/** Matches an AI against a dictionary pattern where `n` stands for any digit (`310n`, `35nn`). */
export function matchesAiPattern(ai: string, pattern: string): boolean {
  if (ai.length !== pattern.length) return false;
  for (let i = 0; i < ai.length; i++) if (pattern[i] !== 'n' && pattern[i] !== ai[i]) return false;
  return true;
}
