import { DEFAULT_COMMAND_PREFIX, parseCommandWord, parseLayoutWord } from '../../../shared/barcode/commands.js';
import type { ScanClass } from '../../lib/scan-input/scan-kind.js';

/** The command prefix as a read that lost its leading punctuation (`#`) spells it: `CMD:`. */
const BARE_PREFIX = DEFAULT_COMMAND_PREFIX.replace(/^[^A-Za-z0-9]+/, '').toUpperCase();

/**
 * Why a read is refused as a command sheet's barcode that lost its `#` (`CMD:UNDO`), or null. The
 * classifier takes such a read for an unknown code, so it was looked up as a tube and, with the labsheet
 * unread (offline), queued into the box unasked: an Undo that put a tube named CMD:UNDO in the next position.
 */
export function lostCommandPrefix(c: ScanClass): string | null {
  if (c.kind !== 'unknown' || c.value.slice(0, BARE_PREFIX.length).toUpperCase() !== BARE_PREFIX) return null;
  const word = c.value.slice(BARE_PREFIX.length);
  if (parseCommandWord(word) === null && parseLayoutWord(word) === null) return null;
  return `${c.value} looks like a command sheet read without its #: nothing recorded, nothing done. Scan it again`;
}
