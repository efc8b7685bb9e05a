import type { ColumnType } from '../../../shared/api/primitives.js';
import { checkDraft, newColumn, type ColumnDraft, type DraftIssue, type LabsheetDraft } from './lib/column-rules.js';

/** The create-labsheet form's state: the draft, its rule check, and column list editing. */
export class LabsheetDraftState {
  draft = $state<LabsheetDraft>({
    name: '',
    folder: '',
    columns: [newColumn(1, 'ID', 'Sample ID'), newColumn(2, 'TEXT', '')],
  });
  /** Issues are shown once the user tried to create, so an empty form does not start out red. */
  attempted = $state(false);
  readonly #existing: () => readonly string[];
  readonly check = $derived.by(() => checkDraft(this.draft, this.#existing()));
  readonly issues = $derived<DraftIssue[]>(this.check.ok ? [] : this.check.issues);
  #nextKey = 3;

  /** `existing`: the labsheet names loaded from the service, which a new one must not take. */
  constructor(existing: () => readonly string[] = () => []) {
    this.#existing = existing;
  }

  add(type: ColumnType = 'TEXT'): ColumnDraft {
    const col = newColumn(this.#nextKey++, type);
    this.draft.columns.push(col);
    return col;
  }

  remove(index: number): void {
    this.draft.columns.splice(index, 1);
  }

  move(index: number, by: -1 | 1): void {
    const to = index + by;
    if (to < 0 || to >= this.draft.columns.length) return;
    const [col] = this.draft.columns.splice(index, 1);
    if (col) this.draft.columns.splice(to, 0, col);
  }

  reset(): void {
    this.draft = {
      name: '',
      folder: '',
      columns: [newColumn(this.#nextKey++, 'ID', 'Sample ID'), newColumn(this.#nextKey++, 'TEXT', '')],
    };
    this.attempted = false;
  }
}
