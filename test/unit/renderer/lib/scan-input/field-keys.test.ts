import { describe, expect, it } from 'vitest';
import { fieldKey, type FieldKeyEvent } from '../../../../../renderer/lib/scan-input/field-keys.js';

const key = (k: string, mods: Partial<FieldKeyEvent> = {}): FieldKeyEvent => ({
  key: k,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe('keys in a scan field (where the wedge does not listen)', () => {
  it("a scanner's Ctrl+] is GS and its Ctrl+^ is RS: data at the caret, not a shortcut", () => {
    expect(fieldKey(key(']', { ctrlKey: true }), '0109501101530003')).toEqual({ do: 'insert', text: '\x1d' });
    expect(fieldKey(key('^', { ctrlKey: true, shiftKey: true }), '[)>')).toEqual({ do: 'insert', text: '\x1e' });
    expect(fieldKey(key('6', { ctrlKey: true }), '[)>')).toEqual({ do: 'insert', text: '\x1e' });
  });

  it('AltGr (Ctrl+Alt), plain ] and the clipboard keys stay what they are', () => {
    expect(fieldKey(key(']', { ctrlKey: true, altKey: true }), 'x')).toEqual({ do: 'pass' });
    expect(fieldKey(key(']'), 'x')).toEqual({ do: 'pass' });
    for (const k of ['v', 'c', 'a', 'z']) expect(fieldKey(key(k, { ctrlKey: true }), 'x')).toEqual({ do: 'pass' });
  });

  it("Enter submits; a Tab suffix submits the text in the field; an empty field's Tab moves focus", () => {
    expect(fieldKey(key('Enter'), 'TB000061')).toEqual({ do: 'submit' });
    expect(fieldKey(key('Tab'), 'TB000061')).toEqual({ do: 'submit' });
    expect(fieldKey(key('Tab'), '')).toEqual({ do: 'pass' });
    expect(fieldKey(key('Tab'), '  ')).toEqual({ do: 'pass' });
    expect(fieldKey(key('Tab', { shiftKey: true }), 'TB000061')).toEqual({ do: 'pass' });
  });

  it('keys of an IME composition are never acted on', () => {
    expect(fieldKey(key('Enter', { isComposing: true }), 'x')).toEqual({ do: 'pass' });
  });
});
