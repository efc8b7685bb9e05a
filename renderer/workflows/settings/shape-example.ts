import { unframe, type ScanFraming } from '../../../shared/barcode/framing.js';
import { KIND_WORDS, labShapes } from '../../../shared/barcode/lab-shapes.js';
import { patternRule, type PatternKind, type PatternRule } from '../../../shared/barcode/patterns.js';
import { shapeFromExample, shapeWords } from '../../../shared/barcode/shape-from-example.js';
import { classify } from '../../lib/scan-input/scan-kind.js';

/** A shape proposed from an example scanned or typed in Settings → Barcode shapes. */
export type ExampleRead =
  | {
      ok: true;
      /** The code as scanning reads it (framing, AIM prefix and Code 39 stars taken off). */
      code: string;
      pattern: string;
      words: string;
      /** Worth saying before it is added: the code reads as another kind today. */
      note: string | null;
    }
  | { ok: false; said: string };

/**
 * What the example says, read as every screen reads a scan (the lab's shapes in use included): a code
 * a shape can be made from, or why not in words. A code already of the kind needs no shape; one of
 * another kind may get one (the lab's shapes come first), and the note says what changes.
 */
export function exampleRead(raw: string, framing: ScanFraming, kind: PatternKind): ExampleRead {
  const text = unframe(raw.trim(), framing).trim();
  if (text === '') return { ok: false, said: 'Scan or type a code first.' };
  const c = classify(text);
  const want = KIND_WORDS[kind];
  if (c.garbage) return { ok: false, said: `${text} cannot be an example: ${c.refusal ?? c.why}.` };
  if (c.kind === 'command') return { ok: false, said: `${text} is a command barcode: a shape cannot take it.` };
  if (c.kind === 'gs1') return { ok: false, said: `${text} is GS1 data (a product code): a shape cannot take it.` };
  if (c.kind === 'position')
    return { ok: false, said: `${text} is a well position (${c.normalized}): a shape cannot take it.` };
  if (c.kind === kind)
    return { ok: false, said: `${text} is read as a ${want} already (${c.why}): no new shape is needed.` };
  const shape = shapeFromExample(c.value);
  if (!shape) return { ok: false, said: 'Scan or type a code first.' };
  const note =
    c.kind === 'unknown' ? null : `${text} reads as a ${KIND_WORDS[c.kind]} now; with this shape it will be a ${want}.`;
  return { ok: true, code: c.value, ...shape, note };
}

/** What the classifier's `why` names a lab's shape by: "your plate shape P then 6 digits". */
export function shapeLabel(kind: PatternKind, pattern: string): string {
  const words = shapeWords(pattern);
  return `your ${KIND_WORDS[kind]} shape${words ? ` ${words}` : ''}`;
}

/**
 * Why `candidate` cannot join the lab's shapes, in the words main would refuse it with (the same
 * schemas: patternRule for the shape, labShapeProblems for the list); none when it can.
 */
export function shapeRefusals(candidate: PatternRule, shapes: readonly PatternRule[]): string[] {
  const parsed = patternRule.safeParse(candidate);
  if (!parsed.success) return [...new Set(parsed.error.issues.map((i) => i.message))];
  const list = [...shapes, parsed.data];
  const checked = labShapes.safeParse(list);
  if (checked.success) return [];
  return [...new Set(checked.error.issues.map((i) => i.message))];
}
