import { call } from '../../lib/ipc/client.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { CellValue } from '../../../shared/api/primitives.js';
import type { CachedRow, LabsheetColumns, RowAnswer } from '../../../shared/ipc/channels/cache.js';
import type { LabsheetIdColumns } from '../../../shared/ipc/id-columns.js';
import type { Feedback } from '../../lib/feedback/feedback.svelte.js';
import type { OutboxState } from '../../lib/outbox/outbox-state.svelte.js';
import { followEntrySync, mayHappen, type QueuedItem } from '../../lib/outbox/follow-entry-sync.js';
import { isSave, saveSettled, savesOpenFor, type SavedChange } from './saved-changes.js';
import { rowLaneOf } from '../../../shared/outbox/intent-meta.js';
import { DEMO_LABSHEET } from '../../../shared/ipc/settings.js';
import { gs1Fill, type Gs1ColumnMap, type Gs1Fill } from '../../../shared/barcode/gs1-columns.js';
import type { Gs1Data } from '../../../shared/barcode/gs1.js';
import type { ServiceBound } from '../../lib/kept/kept-per-service.js';
import { guessedSaid, type IdColumnsInUse } from '../../../shared/ipc/id-columns.js';
import { duplicateHeaders } from '../../../shared/api/labsheets.js';
import { namelessSaid, rowName } from './row-name.js';
import { latestOnly } from '../../lib/latest.js';
import { nearestName } from './nearest-name.js';

/** What a scanned pack did to the open row: cells put into the draft, and mapped columns the row lacks. */
export interface PackFill extends Gs1Fill {
  filled: Array<[column: string, value: string]>;
  notInRow: string[];
}

export interface BatchItem extends QueuedItem {
  id: string;
  /** What this tube was saved with: the batch's field and value may be changed for the next tubes. */
  field: string;
  value: string;
}

/** Save refused on this screen, before main was asked: its words are said as they are, not as NOT RECORDED. */
export class NotSaved extends Error {}

/** A batch's change, as it stood when a scan came: the user may edit Field and Value while it is looked up. */
export interface BatchChange {
  field: string;
  value: string;
}

/** One row to look at and edit, or a batch: the same change for every tube scanned. */
export class RowState implements ServiceBound {
  /** Set by the screen from the workflow's labsheet setting. */
  labsheet = $state(DEMO_LABSHEET);
  mode = $state<'single' | 'batch'>('single');
  row = $state<CachedRow | null>(null);
  draft = $state<Record<string, CellValue>>({});
  // Empty until the user chooses: a preset (the demo's Status = received) would be written to the
  // first tubes scanned after switching to batch mode, over values nobody meant to change.
  batchField = $state('');
  batchValue = $state('');
  batch = $state<BatchItem[]>([]);
  /**
   * Fields whose box holds text it cannot read as its kind ("12,5" in a number box, half a date): the
   * box then reports an empty value, which saved would clear the cell while the box still showed the
   * text. Kept apart from the draft, named by kind; Save refuses while any is left.
   */
  unreadable = $state<Record<string, 'number' | 'date'>>({});
  /** Bumped when the draft is replaced, so boxes showing unreadable text are drawn again from it. */
  drawn = $state(0);
  /** The labsheet's pack columns (Settings, kept current by the screen). */
  packColumns = $state<Gs1ColumnMap>({});
  /** Which columns identify this labsheet's rows, as main uses them (and where that answer came from). */
  idColumns = $state<LabsheetColumns | null>(null);
  /**
   * The columns a batch may change, offered as its Field is typed: the labsheet's columns as last read,
   * but not its row uuid nor the columns that name its rows (a batch writing one value to every tube's
   * ID would make them one).
   */
  readonly batchColumns: string[] = $derived.by(() => {
    const c = this.idColumns;
    if (!c || c.labsheet !== this.labsheet) return [];
    return c.headers.filter((h) => h !== 'uuid' && h !== c.idColumn && h !== c.barcodeColumn);
  });
  /**
   * The values the labsheet's saved rows hold in the batch's Field, most held first, offered as its Value is
   * typed ("depleted", not a "Depleted" the service refuses for every tube of the batch). Empty until the
   * Field names a column, or when main has none to offer.
   */
  batchValues = $state<string[]>([]);
  readonly #valuesAsked = latestOnly();
  /**
   * Said under the batch when its Value is none the rows hold in its Field but one is near it ("Depleted",
   * "depletd" beside "depleted"): a new value is the user's to give, so it is only said, never refused.
   */
  readonly batchValueHint: string | null = $derived.by(() => {
    const value = this.batchValue.trim();
    if (value === '' || this.batchValues.length === 0 || this.batchValues.includes(value)) return null;
    const near = nearestName(value, this.batchValues);
    return near === null
      ? null
      : `No row of ${this.labsheet} holds "${value}" in ${this.batchField} yet; did you mean "${near}"?`;
  });

  /** Asks main for the values of the batch's Field (batchValues), once it names one of batchColumns. */
  async loadBatchValues(): Promise<void> {
    const still = this.#valuesAsked.begin();
    const [labsheet, column] = [this.labsheet, this.batchField];
    if (!this.batchColumns.includes(column)) {
      this.batchValues = [];
      return;
    }
    const values = await this.#columnValues(labsheet, column);
    if (still()) this.batchValues = values;
  }

  /**
   * The values offered as a text field of the open row is typed, by column: those the labsheet's saved rows
   * hold there, asked when the field is first entered (fieldValuesFor), afresh for each row opened.
   */
  fieldValues = $state<{ labsheet: string; row: string; byColumn: Record<string, string[]> }>({
    labsheet: '',
    row: '',
    byColumn: {},
  });

  async fieldValuesFor(column: string): Promise<void> {
    const labsheet = this.row?.labsheet;
    if (!labsheet) return;
    const row = this.rowId;
    const mine = () => this.fieldValues.labsheet === labsheet && this.fieldValues.row === row;
    if (!mine()) this.fieldValues = { labsheet, row, byColumn: {} };
    if (column in this.fieldValues.byColumn) return;
    this.fieldValues.byColumn[column] = [];
    const values = await this.#columnValues(labsheet, column);
    if (mine()) this.fieldValues.byColumn[column] = values;
  }

  async #columnValues(labsheet: string, column: string): Promise<string[]> {
    const r = await this.api.invoke('cache.columnValues', { labsheet, column });
    return r.ok && r.value ? r.value.map((v) => v.value) : [];
  }
  /** Bumped when a save or scan is refused for a guess at the ID columns: the chooser opens to settle them. */
  idColumnsAsked = $state(0);
  /**
   * Saves of single rows not yet settled: their cells are said "waiting to be sent" while they wait, and
   * one that never happens (refused, held for a look, taken out) is said, and its row shown without it.
   */
  saves = $state<SavedChange[]>([]);
  #offChange: (() => void) | null = null;

  constructor(
    readonly api: BenchlinkApi,
    readonly feedback: Feedback,
    readonly outbox: OutboxState,
    /** The service (`serviceIdentity`) this state reads from; its changes are queued only while it is in use. */
    readonly service: string,
  ) {}

  /**
   * The batch's marks, and the row saves, follow their entries for as long as the state is kept, not only
   * while the screen is shown: a change sent, refused or discarded while the user is on the Outbox is
   * shown so on return. One subscription per kept state, however often the screen is shown again.
   */
  start(): void {
    this.#offChange ??= followEntrySync(
      this.api,
      this.outbox,
      () => [...this.batch, ...this.saves],
      (moved) => {
        for (const v of moved) if (isSave(v)) void saveSettled(this, v);
      },
    );
  }
  /** The screen is left: the batch's marks go on following (start). */
  stop(): void {}

  get opened(): string | null {
    return this.row ? this.rowId : null;
  }

  /** Unsaved edits are not lost by a switch: they stay with the row, on its own service, to save or discard there. */
  leaveService(): string[] {
    const unsaved = this.unsaved;
    if (unsaved.length === 0) return [];
    return [
      `The unsaved changes to ${this.rowId} (${unsaved.join(', ')}) are kept for the service it was read from: ` +
        'switch back to it in Settings to save or discard them.',
    ];
  }

  async lookup(value: string): Promise<RowAnswer> {
    return call(this.api, 'cache.row', { labsheet: this.labsheet, value });
  }

  async loadIdColumns(): Promise<void> {
    this.idColumns = await call(this.api, 'cache.idColumns', { labsheet: this.labsheet });
  }

  /**
   * The user names the ID (and barcode) columns: saved with the settings, main finds rows by them
   * from now on, and the open row is opened again so its edits are keyed by the right column.
   */
  async chooseIdColumns(
    columns: LabsheetIdColumns | null,
    save: (labsheet: string, columns: LabsheetIdColumns | null) => Promise<string | null>,
  ): Promise<string | null> {
    const problem = await save(this.labsheet, columns);
    if (problem) return problem;
    await this.loadIdColumns();
    const open = this.row;
    const now = this.idColumns;
    const name =
      open && now?.idColumn ? rowName({ ...open, idColumn: now.idColumn, barcodeColumn: now.barcodeColumn }) : null;
    if (open && name) {
      const unsaved = this.changes;
      const again = await this.lookup(name.value);
      if (again.found) {
        this.show(again);
        // An edit of a column that names rows now is not carried over: shown read-only, it would go unseen,
        // and the service would take it for another row's name.
        const names = new Set([again.idColumn, again.barcodeColumn]);
        const dropped = Object.keys(unsaved).filter((c) => names.has(c));
        for (const [c, v] of Object.entries(unsaved)) if (!names.has(c)) this.draft[c] = v;
        if (dropped.length > 0)
          this.feedback.report(
            '',
            `${dropped.join(' and ')} names the rows of ${again.labsheet} now: its unsaved change was taken out ` +
              '(a row update cannot change it; change it on the service itself)',
            'info',
          );
      }
    }
    return null;
  }

  #remember(row: CachedRow): void {
    const { labsheet, headers, idColumn, barcodeColumn, idFrom } = row;
    this.idColumns = { labsheet, headers, idColumn, barcodeColumn, idFrom };
  }

  show(row: CachedRow): void {
    this.#remember(row);
    this.row = row;
    this.draft = { ...row.row };
    this.#redraw();
    void this.#markOpenChanges(row);
  }

  /**
   * The shown row's changes the Outbox still has on their way, which no save here follows (made before a
   * restart or reload, or by a batch scan): followed and said "waiting to be sent" as a save made here is.
   */
  async #markOpenChanges(row: CachedRow): Promise<void> {
    const lane = rowLaneOf(row.labsheet);
    const listed = await this.api.invoke('outbox.list', {
      states: ['pending', 'sending', 'uncertain', 'failed'],
      target: lane,
      limit: 5000,
    });
    const id = rowName(row)?.value ?? '';
    if (!listed.ok || !this.isOpen(row.labsheet, id)) return;
    // A batch line follows its entry too, for the list; the save is the open row's follower of it.
    const followed = new Set(this.saves.map((x) => x.entryId));
    this.saves.push(...savesOpenFor(row, listed.value, followed));
  }

  #redraw(): void {
    this.unreadable = {};
    this.drawn++;
  }

  /** Why Save cannot go yet: a box whose text is no number or date as typed. Null when it can. */
  get unreadableSaid(): string | null {
    const bad = Object.entries(this.unreadable);
    if (bad.length === 0) return null;
    const what = bad.map(
      ([h, kind]) => `${h} is not a ${kind} as typed${kind === 'number' ? ' (decimals take a point: 12.5)' : ''}`,
    );
    return `Not saved: ${what.join('; ')}. Correct it, or press Escape twice to discard the changes`;
  }

  /**
   * A scanned reagent pack fills the open row's mapped columns in the draft; nothing is sent
   * until Save, so a wrong pack is undone by scanning the right one or editing the field.
   */
  fillFromPack(data: Gs1Data, today: string): PackFill {
    const fill = gs1Fill(data, this.packColumns, today);
    const headers = this.row?.headers ?? [];
    const filled: PackFill['filled'] = [];
    const notInRow: string[] = [];
    for (const [column, value] of Object.entries(fill.cells)) {
      if (!headers.includes(column)) notInRow.push(column);
      else {
        this.draft[column] = value;
        filled.push([column, value]);
      }
    }
    return { ...fill, filled, notInRow };
  }

  /** The open row's ID, as the user knows it ("S-0007"); its barcode when its ID cell is empty (rowName). */
  get rowId(): string {
    const r = this.row;
    return r ? (rowName(r)?.value ?? '') : '';
  }

  /** Edits or a pack's cells not yet saved, and boxes typed into that cannot be read: none may go unsaid. */
  get unsaved(): string[] {
    return [...new Set([...Object.keys(this.changes), ...Object.keys(this.unreadable)])];
  }

  /** The user threw the edits away (Discard, or Escape twice): the row as it was opened. Answers what went. */
  discard(): string[] {
    const gone = this.unsaved;
    if (this.row) this.draft = { ...this.row.row };
    this.#redraw();
    return gone;
  }

  /** The edited fields only: unchanged cells are not sent. */
  get changes(): Record<string, CellValue> {
    const r = this.row;
    if (!r) return {};
    return Object.fromEntries(Object.entries(this.draft).filter(([k, v]) => r.row[k] !== v));
  }

  async saveRow(): Promise<number> {
    const r = this.row;
    const refused = this.unreadableSaid;
    if (refused) throw new NotSaved(refused);
    const changes = this.changes;
    if (!r || Object.keys(changes).length === 0) return 0;
    this.#refuseUnsure(r, 'Not saved', 'save again');
    const name = rowName(r);
    if (!name) throw new NotSaved(`Not saved: ${namelessSaid(r, r.labsheet)}`);
    const twice = Object.keys(changes).filter((c) => duplicateHeaders(r.headers).has(c));
    if (twice.length > 0) throw new NotSaved(`Not saved: ${twiceSaid(twice, r.labsheet)}`);
    const id = name.value;
    // What each changed cell showed: the service's value then, unless it was changed elsewhere meanwhile.
    const basis = Object.fromEntries(Object.keys(changes).map((c) => [c, r.row[c] ?? null]));
    const { id: entryId } = await call(this.api, 'outbox.enqueue', {
      // The row's own labsheet: the setting may have changed while the row stayed open (kept state).
      intent: { type: 'row-update', labsheet: r.labsheet, idColumn: name.column, id, changes, basis },
      readFrom: this.service,
    });
    this.saves.push({ entryId: Number(entryId), sync: null, reason: null, labsheet: r.labsheet, id, changes, basis });
    this.row = { ...r, row: { ...r.row, ...changes } };
    return Object.keys(changes).length;
  }

  /** Whether `row` is the row open now (a save's, or a lookup's). */
  isOpen(labsheet: string, id: string): boolean {
    return this.row !== null && this.row.labsheet === labsheet && this.rowId === id;
  }

  /**
   * A save that did not happen no longer shows as the open row's value: each cell it set and nothing
   * changed since goes back to what it showed before (the draft too, unless edited again). Answers
   * whether its row is the one open.
   */
  putBack(v: SavedChange): boolean {
    const r = this.row;
    if (!r || !this.isOpen(v.labsheet, v.id)) return false;
    const row = { ...r.row };
    let unknownBefore = false;
    for (const [column, value] of Object.entries(v.changes)) {
      if (row[column] !== value) continue;
      // A change sent anyway (no basis), followed since a restart: what it showed before is the service's.
      if (!(column in v.basis)) {
        unknownBefore = true;
        continue;
      }
      const before = v.basis[column] ?? null;
      row[column] = before;
      if (this.draft[column] === value) this.draft[column] = before;
    }
    this.row = { ...r, row };
    this.#redraw();
    if (unknownBefore) void this.openAgain(v.labsheet, v.id);
    return true;
  }

  /**
   * The open row read again from the service, when it is still open with nothing unsaved. A read that
   * fails leaves the row as shown, without a word: it follows news the headline has just said (a save held
   * for a look), which a "could not read" would replace; the row is read again when next opened. It never
   * rejects: its callers do not wait for it, and a rejection nobody handled was all that came of it.
   */
  async openAgain(labsheet: string, id: string): Promise<void> {
    const again = await call(this.api, 'cache.row', { labsheet, value: id, refresh: true }).catch(() => null);
    if (again?.found && this.isOpen(labsheet, id) && this.unsaved.length === 0) this.show(again);
  }

  /** Why a cell of the open row is not as the service has it yet (a save still to be sent), or null. */
  waitingSaid(column: string): string | null {
    const save = this.saves.findLast((v) => this.isOpen(v.labsheet, v.id) && column in v.changes);
    if (!save) return null;
    return save.sync === 'unsure' ? 'may not have reached the service' : 'waiting to be sent';
  }

  /**
   * The column a tube the saved rows do not hold is queued under: the one its value looks like, as main
   * knows this labsheet's (its saved rows, or the columns the user chose or the app created it with).
   * Refused with why when that is not known yet: a guess (the demo lab's column names) was queued,
   * acknowledged, and refused by the service minutes later.
   */
  async #unknownTubeColumn(looksLikeBarcode: boolean, scanned: string): Promise<string> {
    if (this.idColumns?.labsheet !== this.labsheet) await this.loadIdColumns();
    const known = this.idColumns;
    if (known?.idColumn) this.#refuseUnsure(known, 'Nothing recorded', `scan ${scanned} again`);
    if (looksLikeBarcode && known?.barcodeColumn) return known.barcodeColumn;
    // No barcode column in rows read, or none among the columns chosen: the ID column is the one to name a
    // row by. Neither read nor chosen, the labsheet's barcode column may only not be known yet.
    const whole = (known?.headers.length ?? 0) > 0 || (known !== null && known.idFrom !== 'guess');
    if (known?.idColumn && (!looksLikeBarcode || whole)) return known.idColumn;
    const which = known?.idColumn ? 'barcode column' : 'ID column';
    throw new NotSaved(
      `Nothing recorded: the ${which} of ${this.labsheet} is not known here yet: connect once, or choose it under ID columns`,
    );
  }

  /** The batch's Field and Value now, read once per scan (BatchChange). */
  get batchChange(): BatchChange {
    return { field: this.batchField, value: this.batchValue };
  }

  /**
   * `change`: the Field and Value as they stood when the scan came (handleRowScan reads them once): read
   * again after the look-up, a Value cleared meanwhile was queued as clearing the cell, in green.
   */
  async applyBatch(
    row: CachedRow | null,
    scanned: string,
    looksLikeBarcode: boolean,
    change: BatchChange = this.batchChange,
  ): Promise<BatchItem> {
    // A tube the cache does not know (offline, never fetched) is still queued under the column its
    // value looks like; the service decides. Known tubes go by ID (or, without one, by their barcode).
    if (row) this.#remember(row);
    if (row) this.#refuseUnsure(row, 'Nothing recorded', `scan ${scanned} again`);
    const name = row ? rowName(row) : null;
    if (row && !name) throw new NotSaved(`Nothing recorded: ${namelessSaid(row, row.labsheet, scanned)}`);
    const idColumn = name ? name.column : await this.#unknownTubeColumn(looksLikeBarcode, scanned);
    const id = name ? name.value : scanned;
    const { field, value } = change;
    if (row && duplicateHeaders(row.headers).has(field))
      throw new NotSaved(`Nothing recorded: ${twiceSaid([field], row.labsheet)}`);
    // The cell as read, when the row was: a value written there elsewhere since holds the change for a look.
    const basis = row && row.headers.includes(field) ? { basis: { [field]: row.row[field] ?? null } } : {};
    const { id: entryId } = await call(this.api, 'outbox.enqueue', {
      intent: { type: 'row-update', labsheet: this.labsheet, idColumn, id, changes: { [field]: value }, ...basis },
      readFrom: this.service,
    });
    const item: BatchItem = { id, entryId: Number(entryId), sync: 'pending', reason: null, field, value };
    this.batch.push(item);
    return item;
  }

  /**
   * The same change for the same tube, still to happen: a second scan of it would queue it twice. One the
   * service refused, or the user discarded, or of another field or value (the batch changed), may go again.
   */
  alreadyInBatch(id: string, change: BatchChange = this.batchChange): boolean {
    return this.batch.some(
      (b) =>
        b.id.toUpperCase() === id.toUpperCase() &&
        b.field === change.field &&
        b.value === change.value &&
        mayHappen(b.sync),
    );
  }

  /**
   * Refuses a write by ID columns only guessed from the column names (guessedSaid), and opens the chooser
   * to settle them; or by columns other than those in use now (chosen since the row was opened, and it
   * could not be opened again by them).
   */
  #refuseUnsure(by: IdColumnsInUse, head: string, then: string): void {
    const now = this.idColumns?.labsheet === by.labsheet ? this.idColumns : by;
    if (now.idColumn !== by.idColumn || now.barcodeColumn !== by.barcodeColumn)
      throw new NotSaved(
        `${head}: the ID columns of ${by.labsheet} were changed since this row was read; scan it again to open it by them`,
      );
    const guessed = guessedSaid(now);
    if (guessed === null) return;
    this.idColumnsAsked++;
    const check =
      now.barcodeColumn === null
        ? 'choose its ID column, and its barcode column or none'
        : 'keep them with one click, or choose others';
    throw new NotSaved(
      `${head}: ${guessed}. A wrong guess sends changes to another row: check the ID columns above (${check}), then ${then}`,
    );
  }
}

/** Why a change of a column whose name the labsheet lists more than once cannot be made. */
function twiceSaid(columns: readonly string[], labsheet: string): string {
  return (
    `${columns.join(' and ')} ${columns.length === 1 ? 'is the name' : 'are names'} of more than one column of ` +
    `${labsheet}, so a change cannot say which it is for. Change it on the service itself`
  );
}
