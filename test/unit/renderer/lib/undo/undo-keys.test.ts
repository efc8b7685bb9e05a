import { describe, expect, it } from 'vitest';
import { undoKeyOf, type UndoKeyPress } from '../../../../../renderer/lib/undo/undo-keys.js';

/** The keys both screens with an undo (Well fill, Assign location) hear as undo and redo. */
const field = { tagName: 'INPUT' } as unknown as EventTarget;
const tags = { tagName: 'INPUT' } as unknown as EventTarget;
const page = { tagName: 'BODY' } as unknown as EventTarget;
const press = (key: string, more: Partial<UndoKeyPress> = {}): UndoKeyPress => ({
  key,
  ctrlKey: true,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  target: page,
  ...more,
});

describe('undo keys', () => {
  it('Ctrl+Z (⌘Z) undoes, Ctrl+Y and Ctrl+Shift+Z redo, in the scan field or on the page', () => {
    expect(undoKeyOf(press('z'), field)).toBe('undo');
    expect(undoKeyOf(press('z', { target: field }), field)).toBe('undo');
    expect(undoKeyOf(press('z', { ctrlKey: false, metaKey: true }), field)).toBe('undo');
    expect(undoKeyOf(press('y'), field)).toBe('redo');
    expect(undoKeyOf(press('Z', { shiftKey: true }), field)).toBe('redo');
  });
  it('leaves typing in a text box of its own, AltGr, and other keys alone', () => {
    expect(undoKeyOf(press('z', { target: tags }), field)).toBeNull();
    expect(undoKeyOf(press('z', { altKey: true }), field)).toBeNull();
    expect(undoKeyOf(press('z', { ctrlKey: false }), field)).toBeNull();
    expect(undoKeyOf(press('s'), field)).toBeNull();
  });
});
