/**
 * A dropdown's type-ahead, for letters the wedge held back. The wedge must hold a key until it
 * knows it is not the start of a scan, and a synthetic key press given back later does not move a
 * <select> (browsers answer only trusted keys), so the person's letters are applied here the way
 * Chromium does it (TypeAhead in Blink): letters typed within a second of each other make one
 * prefix, searched from the current option on; a letter typed alone, or the same letter again,
 * moves to the next option starting with it, wrapping round. Disabled options are skipped. A space
 * typed when no prefix is being typed opens the list, as a person's Space does in Chromium.
 * Structural types (no DOM lib) so it runs in unit tests with plain objects.
 */
export interface SelectOptionLike {
  label: string;
  disabled: boolean;
}

export interface SelectLike {
  tagName: string;
  selectedIndex: number;
  options: ArrayLike<SelectOptionLike>;
}

/** Blink's kTypeAheadTimeout: a longer pause starts a new prefix. */
export const TYPE_AHEAD_TIMEOUT_MS = 1000;

export function isSelect(el: { tagName: string } | null | undefined): el is SelectLike {
  return !!el && el.tagName.toUpperCase() === 'SELECT';
}

const folded = (s: string) => s.replace(/\s+/g, ' ').toLowerCase();

/** What released keys do to a dropdown: the option to choose (null: the choice stays), and whether to open its list. */
export interface TypeAheadResult {
  index: number | null;
  open: boolean;
}

export class SelectTypeAhead {
  private buffer = '';
  private lastAt = -Infinity;
  private repeating = '';
  private on: SelectLike | null = null;

  /** Applies released keys typed at `now` to the select. */
  choose(select: SelectLike, keys: readonly string[], now: number): TypeAheadResult {
    if (select !== this.on) this.repeating = '';
    if (select !== this.on || now - this.lastAt > TYPE_AHEAD_TIMEOUT_MS) this.buffer = '';
    this.on = select;
    this.lastAt = now;
    let index = select.selectedIndex;
    let chosen: number | null = null;
    let open = false;
    for (const key of keys) {
      if ([...key].length !== 1 || key < ' ') continue;
      if (key === ' ' && this.buffer === '') {
        open = true;
        continue;
      }
      this.buffer += key;
      const found = this.find(select, index, key);
      if (found !== null) chosen = index = found;
    }
    return { index: chosen, open };
  }

  private find(select: SelectLike, selected: number, key: string): number | null {
    let prefix: string;
    let offset = 1;
    if (folded(key) === this.repeating) prefix = key;
    else if (this.buffer.length > 1) {
      prefix = this.buffer;
      this.repeating = '';
      offset = 0;
    } else {
      prefix = key;
      this.repeating = folded(key);
    }
    const want = folded(prefix);
    const n = select.options.length;
    for (let i = 0, at = (Math.max(selected, 0) + offset) % Math.max(n, 1); i < n; i++, at = (at + 1) % n) {
      const o = select.options[at]!;
      if (!o.disabled && folded(o.label.trim()).startsWith(want)) return at;
    }
    return null;
  }
}
