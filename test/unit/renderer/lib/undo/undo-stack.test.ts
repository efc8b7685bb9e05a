import { describe, expect, it } from 'vitest';
import { UndoStack } from '../../../../../renderer/lib/undo/undo-stack.js';

describe('undo/redo stack', () => {
  it('undoes in reverse order and redoes in order', () => {
    const s = new UndoStack<string>();
    s.push('a');
    s.push('b');
    expect(s.undo()).toBe('b');
    expect(s.undo()).toBe('a');
    expect(s.undo()).toBeNull();
    expect(s.redo()).toBe('a');
    expect(s.redo()).toBe('b');
    expect(s.redo()).toBeNull();
  });
  it('a new action clears what could be redone', () => {
    const s = new UndoStack<string>();
    s.push('a');
    s.undo();
    expect(s.canRedo).toBe(true);
    s.push('c');
    expect(s.canRedo).toBe(false);
    expect(s.undo()).toBe('c');
  });
  it('keeps at most `limit` actions', () => {
    const s = new UndoStack<number>(3);
    for (let i = 0; i < 5; i++) s.push(i);
    expect([s.undo(), s.undo(), s.undo(), s.undo()]).toEqual([4, 3, 2, null]);
  });
  it('replaceTop swaps the action a redo/undo re-enqueued', () => {
    const s = new UndoStack<{ ids: number[] }>();
    s.push({ ids: [1] });
    s.undo();
    s.replaceTop('undone', { ids: [2] });
    expect(s.redo()).toEqual({ ids: [2] });
  });
  it('revise(done) rewrites what can be undone and leaves what can be redone', () => {
    const s = new UndoStack<number>();
    for (const a of [1, 2, 3, 4]) s.push(a);
    s.undo();
    s.revise('done', (done) => done.filter((a) => a !== 2));
    expect([s.undo(), s.undo(), s.undo()]).toEqual([3, 1, null]);
    expect([s.redo(), s.redo(), s.redo(), s.redo()]).toEqual([1, 3, 4, null]);
  });
  it('revise(undone) rewrites what can be redone and leaves what can be undone', () => {
    const s = new UndoStack<number>();
    for (const a of [1, 2, 3]) s.push(a);
    s.undo();
    s.undo();
    s.revise('undone', (undone) => undone.filter((a) => a !== 3));
    expect([s.redo(), s.redo()]).toEqual([2, null]);
    expect([s.undo(), s.undo(), s.undo()]).toEqual([2, 1, null]);
  });
});
