import { gs1AiName } from './gs1-ai-names.js';
import { checkCset, lint, type LintContext } from './gs1-linters.js';
import { aiRule, matchesAiPattern, type AiRule } from './gs1-rules.js';

/**
 * GS1's checks on AI data, as the GS1 Syntax Engine runs them: each value against its AI's
 * components (length, character set, linters), then the whole read: exclusive pairs, repeated
 * AIs with different values, and the digital signature's serialised key (refusals), and the
 * requisites (`req=`), which are returned as notes: GS1 evaluates those over every carrier on
 * the item, and a second label often carries the GTIN that a lot/expiry label leaves out.
 */
export interface Gs1FieldInput {
  ai: string;
  value: string;
}

/** "(17) Expiry date": how every reason names an AI. */
export function aiLabel(ai: string): string {
  return `(${ai}) ${gs1AiName(ai)}`;
}

function quoted(value: string): string {
  return `"${value.length > 24 ? `${value.slice(0, 24)}…` : value}"`;
}

/** Checks one AI's value; returns the reason it is wrong, or null. */
export function checkAiValue(ai: string, value: string, ctx: LintContext, rule?: AiRule): string | null {
  const r = rule ?? aiRule(ai);
  if (!r) return `(${ai}) is not a GS1 application identifier`;
  // Built only for a refusal: this runs for every field of every scan.
  const label = (): string => aiLabel(ai);
  if (value.length === 0) return `${label()} is empty`;
  if (value.length < r.minLength) {
    return `${label()} ${quoted(value)} is ${value.length} characters; it needs ${lengthWords(r)}`;
  }
  if (value.length > r.maxLength) {
    return `${label()} ${quoted(value)} is ${value.length} characters, longer than the ${r.maxLength} allowed`;
  }
  let pos = 0;
  for (const part of r.parts) {
    const piece = value.slice(pos, pos + part.max);
    if (part.optional && piece.length === 0) continue;
    if (piece.length < part.min) return `${label()} ${quoted(value)} is too short; it needs ${lengthWords(r)}`;
    const problem = checkCset(part.cset, piece) ?? firstLint(part.linters, piece, ctx);
    if (problem) {
      const what = r.parts.length > 1 ? `${quoted(value)}: the part ${quoted(piece)}` : quoted(value);
      return `${label()} ${what} ${problem}`;
    }
    pos += piece.length;
  }
  return null;
}

function firstLint(linters: readonly string[], piece: string, ctx: LintContext): string | null {
  for (const l of linters) {
    const problem = lint(l, piece, ctx);
    if (problem) return problem;
  }
  return null;
}

function lengthWords(r: AiRule): string {
  return r.minLength === r.maxLength ? `${r.maxLength}` : `${r.minLength} to ${r.maxLength}`;
}

const present = (fields: readonly Gs1FieldInput[], pattern: string, self: string): Gs1FieldInput | undefined =>
  fields.find((f) => f.ai !== self && matchesAiPattern(f.ai, pattern));

function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

const patternWords = (p: string): string => `(${p.replace(/n/g, 'x')})`;

/**
 * Cross-field rules. `error` is set when the read is not valid GS1 data; `unmet` lists the
 * requisites this read does not carry itself (see the module comment for why they are notes).
 */
export function checkAiCombination(fields: readonly Gs1FieldInput[]): { error?: string; unmet: string[] } {
  const seen = new Map<string, string>();
  for (const f of fields) {
    const before = seen.get(f.ai);
    if (before !== undefined && before !== f.value) {
      const error = `${aiLabel(f.ai)} appears twice with different values (${quoted(before)} and ${quoted(f.value)})`;
      return { error, unmet: [] };
    }
    seen.set(f.ai, f.value);
  }
  for (const f of fields) {
    for (const pattern of aiRule(f.ai)?.excludes ?? []) {
      const other = present(fields, pattern, f.ai);
      if (other) return { error: `${aiLabel(f.ai)} and ${aiLabel(other.ai)} must not appear together`, unmet: [] };
    }
  }
  if (seen.has('8030')) {
    for (const ai of ['253', '255', '8003']) {
      const value = seen.get(ai);
      const rule = aiRule(ai);
      if (value !== undefined && rule && value.length === rule.minLength) {
        return { error: `${aiLabel('8030')} needs ${aiLabel(ai)} with its serial part`, unmet: [] };
      }
    }
  }
  const unmet: string[] = [];
  const noted = new Set<string>();
  for (const f of fields) {
    if (noted.has(f.ai)) continue;
    for (const alternatives of aiRule(f.ai)?.requires ?? []) {
      const met = alternatives.some((group) => group.every((p) => present(fields, p, f.ai)));
      if (met) continue;
      // Name only what is missing from the groups the read has begun: (01)(250) needs (21), not
      // "(01) with (21), (03) with (21) or (8006) with (21)".
      const missing = alternatives.map((g) => g.filter((p) => !present(fields, p, f.ai)));
      const fewest = Math.min(...missing.map((m) => m.length));
      const closest = missing.filter((m, i) => m.length === fewest && m.length < alternatives[i]!.length);
      const groups = closest.length > 0 ? closest : alternatives;
      const words = [...new Set(groups.map((g) => g.map(patternWords).join(' with ')))];
      unmet.push(`${aiLabel(f.ai)} needs ${orList(words)} on the same item`);
      noted.add(f.ai);
    }
  }
  return { unmet };
}
