/**
 * Undo/redo of user actions. A new action clears the redo side, as in every editor. Generic so each
 * screen keeps its own action shape (Well fill's edits, Assign location's tubes) and the stack stays
 * testable on its own.
 */
export class UndoStack<A> {
  #done: A[] = [];
  #undone: A[] = [];
  constructor(private readonly limit = 500) {}

  push(action: A): void {
    this.#done.push(action);
    if (this.#done.length > this.limit) this.#done.shift();
    this.#undone = [];
  }
  /** The action to reverse, moved to the redo side. */
  undo(): A | null {
    const a = this.#done.pop();
    if (a === undefined) return null;
    this.#undone.push(a);
    return a;
  }
  /** The action to apply again, moved back to the undo side. */
  redo(): A | null {
    const a = this.#undone.pop();
    if (a === undefined) return null;
    this.#done.push(a);
    return a;
  }
  /** Replaces the most recent action (after undo/redo re-enqueued it under new entry ids). */
  replaceTop(side: 'done' | 'undone', action: A): void {
    const list = side === 'done' ? this.#done : this.#undone;
    if (list.length > 0) list[list.length - 1] = action;
  }
  /**
   * Rewrites one side, the other left as it is: what can be undone (an action's step that will never
   * happen taken out of it) or what can be redone (an undo's opposite change that will never happen).
   */
  revise(side: 'done' | 'undone', revise: (actions: readonly A[]) => A[]): void {
    if (side === 'done') this.#done = revise(this.#done);
    else this.#undone = revise(this.#undone);
  }
  get canUndo(): boolean {
    return this.#done.length > 0;
  }
  get canRedo(): boolean {
    return this.#undone.length > 0;
  }
  clear(): void {
    this.#done = [];
    this.#undone = [];
  }
}
