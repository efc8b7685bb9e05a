import { GS, parseGs1ElementString, type Gs1Data, type Gs1Options } from './gs1.js';
import { aiLengthForPrefix, aiRule, type AiRule } from './gs1-rules.js';
import { aiLabel } from './gs1-validate.js';

/**
 * A value only a check digit or a date vouches for. (20) and the measures (31nn–36nn) take any digits, so
 * a lot that merely ends in "2024" would read as lot + (20)24: such a lot is far likelier than a dropped
 * separator before a variant, and refusing every one of them would stop a lab's packs being read at all.
 */
function vouched(rule: AiRule): boolean {
  return rule.parts[0]?.linters.some((l) => l === 'csum' || l.startsWith('yy')) ?? false;
}

/**
 * Why a GS1 read with no GS in it cannot be trusted, or null: one with no AIM id says nothing of its
 * separators, and one typed with its AIM id may have lost them (a keyboard types GS as Ctrl+]).
 * Without FNC1 a variable-length value runs to the end of the data, so a scanner that drops FNC1 turns
 * `10 LOT1 FNC1 17 261130` into lot "LOT117261130" and the expiry is lost, the read still valid. Refused
 * when the last value (the only variable-length one such a read can have) ends in text that reads as a
 * fixed-length AI with a checked value, the whole read then valid with a separator there.
 */
export function runTogetherReason(
  raw: string,
  data: Gs1Data,
  options?: Gs1Options,
  /** The read came with a GS1 AIM id (]d2, ]C1, ]Q3): the symbol has FNC1s, and none came as GS. */
  aimSent = false,
): string | null {
  const last = data.fields.at(-1);
  const rule = last && aiRule(last.ai);
  if (!last || !rule || rule.predefined || raw.includes(GS) || !raw.endsWith(last.value)) return null;
  const start = raw.length - last.value.length;
  for (let split = start + 1; split < raw.length; split++) {
    const len = aiLengthForPrefix(raw.slice(split, split + 2));
    const next = len === undefined ? undefined : aiRule(raw.slice(split, split + len));
    if (!next?.predefined || !vouched(next)) continue;
    const other = parseGs1ElementString(`${raw.slice(0, split)}${GS}${raw.slice(split)}`, undefined, options);
    if (!other.ok) continue;
    const after = other.data.fields[data.fields.length];
    if (!after) continue;
    const head = raw.slice(start, split);
    return (
      `${aiLabel(last.ai)} "${last.value}" may be "${head}" followed by ${aiLabel(after.ai)} ${after.value}. ` +
      (aimSent
        ? 'The scanner sent its AIM id but no separator: over a keyboard GS is typed as Ctrl+], which a ' +
          'keyboard layout other than US may lose. Set the scanner to send FNC1 as GS, or read it over HID POS'
        : 'Separators missing? The scanner may drop FNC1: set it to send FNC1 as GS (group separator)')
    );
  }
  return null;
}
