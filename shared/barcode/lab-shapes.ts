import { z } from 'zod';
import { createClassifier, type Classification, type ScanKind } from './classify.js';
import { DEFAULT_COMMAND_PREFIX, LAYOUT_WORD, SCAN_COMMANDS } from './commands.js';
import { DEFAULT_PATTERN_RULES, PATTERN_KINDS, patternRule, type PatternKind, type PatternRule } from './patterns.js';
import { shapeWords } from './shape-from-example.js';
import { slowPatternWhy } from './slow-patterns.js';

/**
 * A lab's own barcode shapes (Settings → Barcode shapes): tried before the built-in ones, so a lab's
 * plate "P000123" is a plate and not a code nobody knows, which Well fill took for a tube.
 */
export const MAX_LAB_SHAPES = 40;

export const KIND_WORDS: Readonly<Record<PatternKind, string>> = {
  plate: 'plate',
  box: 'box',
  tube: 'tube',
  'sample-id': 'sample ID',
  location: 'location',
};

/** The rules the app classifies with: the lab's first, so none of its codes is taken by a built-in shape. */
export function rulesWithLab(lab: readonly PatternRule[]): PatternRule[] {
  return [...lab, ...DEFAULT_PATTERN_RULES];
}

/** A shape as the screen names it: its plain words, or its regular expression when it has none. */
export function shapeSaid(rule: Pick<PatternRule, 'kind' | 'pattern'>): string {
  return `${KIND_WORDS[rule.kind]} shape ${shapeWords(rule.pattern) ?? `/${rule.pattern}/`}`;
}

/** A code that must keep reading as it does, whatever the lab's shapes. */
interface Sample {
  text: string;
  kind: ScanKind;
  what: string;
  /** The lab shape it is the example of. */
  of?: number;
}

const POSITION_COLUMNS = ['1', '01', '9', '12', '24', '48'];
/** Well positions as scanned off a plate map (A1, A01, P24…): every row letter, the usual columns. */
const POSITIONS: Sample[] = Array.from({ length: 26 }, (_, r) => String.fromCharCode(65 + r)).flatMap((row) =>
  POSITION_COLUMNS.map((col) => ({
    text: `${row}${col}`,
    kind: 'position' as const,
    what: `${row}${col} (a well position)`,
  })),
);

/**
 * A command sheet's barcodes read without their `#` (CMD:UNDO): the bench refuses them as such only
 * while no shape takes them (renderer/lib/scan-input/scan-kind.ts), else an Undo is placed as a tube.
 */
const BARE_PREFIX = DEFAULT_COMMAND_PREFIX.replace(/^[^A-Za-z0-9]+/, '');
const LOST_COMMANDS: Sample[] = [...SCAN_COMMANDS.map((c) => c.toUpperCase()), `${LAYOUT_WORD}QPCR`].map((word) => ({
  text: `${BARE_PREFIX}${word}`,
  kind: 'unknown',
  what: `${BARE_PREFIX}${word} (a command sheet's barcode read without its #)`,
}));

const BUILT_IN: Sample[] = DEFAULT_PATTERN_RULES.flatMap((r) =>
  r.example
    ? [{ text: r.example, kind: r.kind, what: `${r.example} (a ${KIND_WORDS[r.kind]} by the built-in shapes)` }]
    : [],
);

function compiled(rule: PatternRule): RegExp | null {
  try {
    return new RegExp(rule.pattern, rule.flags);
  } catch {
    return null;
  }
}

function readAs(c: Classification): string {
  if (c.rejected) return `refused (${c.reason ?? c.why})`;
  if (c.kind === 'gs1') return 'GS1 data';
  if (c.kind === 'command') return 'a command barcode';
  if (c.kind === 'position') return 'a well position';
  if (c.kind === 'unknown') return 'no barcode we know';
  return `a ${KIND_WORDS[c.kind]} code`;
}

export interface ShapeProblem {
  /** The lab shape at fault. */
  index: number;
  message: string;
}

/**
 * Why these lab shapes cannot be used together, shape by shape; none when they can. Each shape must
 * take its own example, and with the shapes in use every other code must read as it did: the other
 * kinds' examples (the lab's and the built-in ones), well positions, and command barcodes read without
 * their `#`. A shape too wide for that would turn a plate into a tube, or a position into a sample, on
 * every screen without a word.
 */
export function labShapeProblems(lab: readonly PatternRule[]): ShapeProblem[] {
  // A shape that could take the engine seconds is said so, and nothing of the list is run: checking the
  // examples with it froze main on the save (and at every start, the saved list checked again).
  const slow = lab.flatMap((rule, index) => {
    const why = slowPatternWhy(rule.pattern);
    return why === null ? [] : [{ index, message: `the ${shapeSaid(rule)} ${why}` }];
  });
  if (slow.length > 0) return slow;
  const res = lab.map(compiled);
  // A shape that does not compile is patternRule's to refuse; nothing more can be said of the list.
  if (res.some((re) => re === null)) return [];
  const problems: ShapeProblem[] = [];
  lab.forEach((rule, index) => {
    const first = lab.findIndex((o) => o.kind === rule.kind && o.pattern === rule.pattern && o.flags === rule.flags);
    if (first < index) problems.push({ index, message: `the ${shapeSaid(rule)} is in the list already` });
    if (rule.example !== undefined && !res[index]!.test(rule.example))
      problems.push({ index, message: `the ${shapeSaid(rule)} does not take its own example ${rule.example}` });
  });
  const samples: Sample[] = [
    ...BUILT_IN,
    ...POSITIONS,
    ...LOST_COMMANDS,
    ...lab.flatMap((r, i) =>
      r.example
        ? [{ text: r.example, kind: r.kind, what: `${r.example} (the example of your ${shapeSaid(r)})`, of: i }]
        : [],
    ),
  ];
  const classify = createClassifier({ rules: rulesWithLab(lab) });
  // Per shape, the codes it takes from others: one line each, not one per code (a wide shape takes 150 positions).
  const taken = new Map<number, string[]>();
  for (const sample of samples) {
    const c = classify(sample.text);
    if (c.kind === sample.kind) continue;
    const taker = lab.findIndex((r, i) => r.kind === c.kind && res[i]!.test(c.value));
    if (taker >= 0) taken.set(taker, [...(taken.get(taker) ?? []), sample.what]);
    // An example its own shape does not take is said so above.
    else if (sample.of !== undefined && res[sample.of]!.test(sample.text))
      problems.push({
        index: sample.of,
        message: `${sample.text} reads as ${readAs(c)}, so a ${KIND_WORDS[lab[sample.of]!.kind]} shape cannot take it`,
      });
  }
  for (const [index, whats] of taken) {
    const some = whats.slice(0, 3).join(', ');
    const more = whats.length > 3 ? ` (and ${whats.length - 3} more)` : '';
    problems.push({
      index,
      message: `the ${shapeSaid(lab[index]!)} also takes ${some}${more}: make it narrower (more of the code's own letters, or an exact number of digits)`,
    });
  }
  return problems.sort((a, b) => a.index - b.index);
}

/** The lab's shapes as settings keep them: each a patternRule, checked together (labShapeProblems). */
export const labShapes = z
  .array(patternRule)
  .max(MAX_LAB_SHAPES, `at most ${MAX_LAB_SHAPES} barcode shapes`)
  .superRefine((list, ctx) => {
    for (const p of labShapeProblems(list)) ctx.addIssue({ code: 'custom', path: [p.index], message: p.message });
  });

/**
 * One shape added (at `at`, default the end) or one removed by kind and pattern. Never the whole list:
 * two windows each saving the list they had would put back a shape the other removed.
 */
export const labShapesPatch = z.union([
  z.strictObject({ add: patternRule, at: z.number().int().min(0).optional() }),
  z.strictObject({ remove: z.strictObject({ kind: z.enum(PATTERN_KINDS), pattern: z.string().min(1) }) }),
]);
export type LabShapesPatch = z.infer<typeof labShapesPatch>;

export function applyLabShapesPatch(base: readonly PatternRule[], patch: LabShapesPatch | undefined): PatternRule[] {
  if (!patch) return [...base];
  if ('remove' in patch) {
    const at = base.findIndex((r) => r.kind === patch.remove.kind && r.pattern === patch.remove.pattern);
    return at < 0 ? [...base] : [...base.slice(0, at), ...base.slice(at + 1)];
  }
  const at = Math.min(patch.at ?? base.length, base.length);
  return [...base.slice(0, at), patch.add, ...base.slice(at)];
}
