import { z } from 'zod';
import { toMm } from './units.js';

export const SYMBOLOGIES = ['code128', 'datamatrix', 'qrcode'] as const;
export type Symbology = (typeof SYMBOLOGIES)[number];

/** Fields a template may name; each comes from a row, a well or a location (see record.ts). */
export const PLACEHOLDERS = ['id', 'name', 'date', 'volume', 'hrid', 'barcode', 'position'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

const PLACEHOLDER_PATTERN = /\{([^{}]*)\}/g;

/** Placeholder names used in a text such as "{id} · {volume} µL". */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER_PATTERN)].map((m) => m[1]!);
}

// A typo such as "{nmae}" would otherwise print an empty line on a hundred labels.
const textWithFields = z
  .string()
  .max(200)
  .superRefine((text, ctx) => {
    for (const name of placeholdersIn(text)) {
      if (!(PLACEHOLDERS as readonly string[]).includes(name)) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown field {${name}}; use one of ${PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}`,
        });
      }
    }
  });

const templateFields = {
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'Template id: lower-case letters, digits and dashes'),
  name: z.string().trim().min(1).max(80),
  /** Unit the user entered the size in, kept so the editor shows 1 × 0.5 in rather than 25.4 × 12.7 mm. */
  displayUnit: z.enum(['mm', 'in']).default('mm'),
  symbology: z.enum(SYMBOLOGIES),
  /** What the barcode encodes, e.g. "{id}". */
  barcodeField: textWithFields.refine((t) => t.trim().length > 0, 'The barcode needs a field, e.g. {id}'),
  /** Human-readable lines printed beside or below the barcode. */
  lines: z.array(textWithFields).max(6).default([]),
  fontSizePt: z.number().min(4).max(36).default(6),
  marginMm: z.number().min(0).max(20).default(1),
  layout: z.enum(['barcode-top', 'barcode-left']).default('barcode-top'),
  /**
   * Narrowest bar or module that still scans reliably. 0.165 mm is two dots at 300 dpi; handheld
   * imagers read it, and anything narrower smears on thermal stock.
   */
  minModuleMm: z.number().min(0.1).max(2).default(0.165),
  /**
   * What to do with characters the symbology cannot hold (e.g. "ü" in Code 128). Refusing is the
   * default because a transliterated barcode scans back as a different value than the row's.
   */
  nonEncodable: z.enum(['refuse', 'transliterate']).default('refuse'),
};

const sizeMm = z.number().min(5).max(300);

/** A template as stored and used everywhere: sizes in millimetres. */
export const labelTemplate = z.strictObject({ ...templateFields, widthMm: sizeMm, heightMm: sizeMm });
export type LabelTemplate = z.infer<typeof labelTemplate>;

/** A template as a user enters it: size in mm or inches, converted to mm on parse. */
export const labelTemplateInput = z
  .strictObject({
    ...templateFields,
    size: z.strictObject({ width: z.number().positive(), height: z.number().positive(), unit: z.enum(['mm', 'in']) }),
  })
  .transform(({ size, ...rest }, ctx): LabelTemplate => {
    const candidate = {
      ...rest,
      displayUnit: size.unit,
      widthMm: toMm(size.width, size.unit),
      heightMm: toMm(size.height, size.unit),
    };
    const checked = labelTemplate.safeParse(candidate);
    if (!checked.success) {
      for (const issue of checked.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return checked.data;
  });
export type LabelTemplateInput = z.input<typeof labelTemplateInput>;
