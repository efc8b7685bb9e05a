import { z } from 'zod';
import { DEFAULT_COMMAND_PREFIX } from './commands.js';
import { slowPatternWhy } from './slow-patterns.js';

/** Kinds a lab can describe with a regular expression; GS1, commands and positions have fixed rules. */
export const PATTERN_KINDS = ['plate', 'box', 'tube', 'sample-id', 'location'] as const;
export type PatternKind = (typeof PATTERN_KINDS)[number];
/** The kinds an ID rule names: an ID the lab writes on its labels, looked up and recorded as its rule normalised it. */
export const ID_KINDS: ReadonlySet<string> = new Set(PATTERN_KINDS);

function compiles(source: string, flags: string): boolean {
  try {
    new RegExp(source, flags);
    return true;
  } catch {
    return false;
  }
}

export const patternRule = z
  .strictObject({
    kind: z.enum(PATTERN_KINDS),
    // Run on every scan: a bound keeps a lab's shape a shape, not a program.
    pattern: z.string().min(1).max(200),
    /** Only flags that do not make `test()` stateful (no g/y). */
    flags: z
      .string()
      .regex(/^[imsu]*$/, 'flags may only be i, m, s, u')
      .default(''),
    /** Shown in the classification's `why`, e.g. "FluidX 2D tube". */
    label: z.string().max(120).optional(),
    /**
     * A code of this kind, as read: a lab's shape is made from one (Settings → Barcode shapes), and no
     * other kind's shape may take it (shared/barcode/lab-shapes.ts).
     */
    example: z.string().min(1).max(128).optional(),
  })
  .refine((r) => compiles(r.pattern, r.flags), {
    message: 'pattern is not a valid regular expression',
    path: ['pattern'],
  })
  // Refused before anything runs it: a shape is tried on every scan, in the page and in main.
  .superRefine((r, ctx) => {
    const why = slowPatternWhy(r.pattern);
    if (why !== null) ctx.addIssue({ code: 'custom', path: ['pattern'], message: `the pattern ${why}` });
  });
export type PatternRule = z.infer<typeof patternRule>;

export const DEFAULT_PATTERN_RULES: PatternRule[] = [
  { kind: 'plate', pattern: '^PLT\\d+$', flags: 'i', label: 'plate barcode', example: 'PLT000001' },
  { kind: 'box', pattern: '^BOX\\d+$', flags: 'i', label: 'box barcode', example: 'BOX000001' },
  { kind: 'tube', pattern: '^TB\\d+$', flags: 'i', label: 'tube barcode', example: 'TB000001' },
  { kind: 'sample-id', pattern: '^S-\\d+$', flags: 'i', label: 'sample ID', example: 'S-0001' },
  { kind: 'location', pattern: '^LOC[-:][A-Z0-9-]+$', flags: 'i', label: 'location barcode', example: 'LOC-FREEZER-A' },
];

/**
 * Barcode conventions. Rules are tried in order, so put the most specific first. The app's are the lab's
 * own shapes (settings `barcodeShapes`) followed by the defaults (lab-shapes.ts rulesWithLab).
 */
export const barcodePatternSettings = z.strictObject({
  rules: z.array(patternRule).default(DEFAULT_PATTERN_RULES),
  commandPrefix: z.string().min(1).max(16).default(DEFAULT_COMMAND_PREFIX),
  /** Longer reads are rejected: a GS1 DataMatrix rarely exceeds a few hundred characters. */
  maxLength: z.number().int().min(8).max(4096).default(512),
  /** Treat `A1`, `A01`, `P24` as well/box positions. */
  positions: z.boolean().default(true),
  /** Recognise GS1 data without an AIM prefix when it starts with (01) and a valid GTIN. */
  gs1WithoutAim: z.boolean().default(true),
  /** Upper-case plate/box/tube/sample/location values when normalizing. */
  upperCase: z.boolean().default(true),
});
export type BarcodePatternSettings = z.infer<typeof barcodePatternSettings>;

export const DEFAULT_PATTERN_SETTINGS: BarcodePatternSettings = barcodePatternSettings.parse({});
