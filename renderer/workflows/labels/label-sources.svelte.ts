import { counted } from '../../lib/format/counted.js';
import { localDay } from '../../lib/format/day.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { CreatedLocation } from '../../../shared/api/locations.js';
import { isUuid } from '../../../shared/api/primitives.js';
import type { CachedManifest, CachedRow, LabsheetColumns } from '../../../shared/ipc/channels/cache.js';
import type { IdColumnsFrom, LabsheetIdColumns } from '../../../shared/ipc/id-columns.js';
import { noCountSaid, unknownUsed } from '../../../shared/plate-map/unknown-used.js';
import { positionsInOrder } from '../../../shared/layout/positions.js';
import {
  recordForPlate,
  recordFromRow,
  recordsForLocations,
  recordsForWells,
  type LabelRecordInput,
} from '../../../shared/labels/index.js';
import { drawPlate, type WellView } from '../../lib/plate-map/well-view.js';
import type { PlateRef } from '../../lib/navigation.js';
import { columnsFor } from './row-columns.js';
import { asRead, missOf, sharedSaid } from '../../lib/samples/tube-row.js';
import { DEMO_LABSHEET } from '../../../shared/ipc/settings.js';
import { latestOnly } from '../../lib/latest.js';

export type SourceKind = 'plate' | 'wells' | 'rows' | 'locations';
export const SOURCE_NAMES: Record<SourceKind, string> = {
  plate: 'Plate or box',
  wells: 'Wells of the plate',
  rows: 'Scanned rows',
  locations: 'New locations',
};

export interface ScannedRow {
  scanned: string;
  record: LabelRecordInput;
}

/** How the ID column in use is known, as the line beside the batch says it. */
const ID_FROM_SAID: Record<Exclude<IdColumnsFrom, 'guess'>, string> = {
  created: 'this app created the labsheet with it',
  chosen: 'you chose it',
  demo: "the demo lab's own ID column",
};

/** Saves which columns identify a labsheet's rows (the bench's saveIdColumns); answers the reason when it could not. */
export type SaveIdColumns = (labsheet: string, columns: LabsheetIdColumns | null) => Promise<string | null>;

/** What a lookup or scan did, for the last-scan line and the screen reader. */
export interface Outcome {
  ok: boolean;
  message: string;
  /** A look-up a newer one overtook: its answer is not shown, and it is no failure either. */
  replaced?: true;
}

/**
 * What is being labelled: a plate or box, some of its wells, a batch of scanned rows, or
 * locations just created. Each source reduces to label records with shared/labels' helpers, so
 * `{id}` is always what a later scan resolves.
 */
export class LabelSources {
  kind = $state<SourceKind>('plate');
  plate = $state<CachedManifest | null>(null);
  selection = $state<string[]>([]);
  /** Set by the screen from the workflow's labsheet setting. */
  labsheet = $state(DEMO_LABSHEET);
  labsheets = $state<string[]>([]);
  rows = $state<ScannedRow[]>([]);
  /**
   * Which columns identify the rows of a labsheet, as main last answered: the chooser shows them, and
   * opens when the ID column is only a guess (no row is labelled by a guess).
   */
  idColumns = $state<LabsheetColumns | null>(null);
  locations = $state<CreatedLocation[]>([]);
  #anchor: string | null = null;
  /** Plate look-ups answered out of order: only the newest one's plate is shown and printed. */
  readonly #plateLookups = latestOnly();

  constructor(
    readonly api: BenchlinkApi,
    /** The print date for `{date}`: the day on the bench's calendar (UTC's is a day off for hours each day). */
    readonly today: () => string = () => localDay(),
  ) {}

  /**
   * Wells as the user last set them, drawn as Well fill draws them (drawPlate): the server's, with
   * not-yet-sent changes drawn over, less the tubes this computer moved out of the plate to another location.
   */
  readonly wells: Record<string, WellView> = $derived.by(() => {
    const p = this.plate;
    if (!p) return {};
    return Object.fromEntries(drawPlate(this.#order(p), p));
  });

  readonly filledPositions: string[] = $derived(
    this.plate ? this.#order(this.plate).filter((pos) => this.wells[pos]?.sample != null) : [],
  );

  /**
   * Filled wells of the plate nobody here can place (another bench filled them on a service that lists
   * no wells): they get no label, whatever is chosen. Null: the service does not say how many.
   */
  readonly unknownFilled: number | null = $derived(this.plate ? unknownUsed(this.plate) : 0);

  /** Said in the plate's line and before export whenever some filled wells get no label. */
  readonly wellsNote: string | null = $derived.by(() => {
    const p = this.plate;
    const n = this.unknownFilled;
    if (!p || n === 0) return null;
    if (n === null)
      return `${noCountSaid(p.hrid, { sentence: true })}: any well may be filled elsewhere, and such wells get no label.`;
    return `${counted(n, 'well')} filled elsewhere ${n === 1 ? 'is' : 'are'} not known here and get${n === 1 ? 's' : ''} no label.`;
  });

  readonly selectionSaid: string = $derived(
    this.selection.length > 0
      ? `${this.selection.length} chosen.`
      : this.wellsNote === null
        ? 'None chosen: every filled well is labelled.'
        : 'None chosen: every filled well known here is labelled.',
  );

  /** Beside the batch: which column the labels' IDs come from, and how the app knows it is the ID. */
  readonly idSaid: string | null = $derived.by(() => {
    const c = this.idColumns;
    if (!c || c.labsheet !== this.labsheet) return null;
    if (c.idColumn === null) return `The ID column of ${c.labsheet} is not known until its rows are read.`;
    if (c.idFrom === 'guess')
      return `No tube of ${c.labsheet} is labelled until you choose its ID column: "${c.idColumn}" is only a guess from the column names.`;
    return `Label IDs come from the column ${c.idColumn} (${ID_FROM_SAID[c.idFrom]}).`;
  });

  readonly records: LabelRecordInput[] = $derived.by(() => {
    const date = this.today();
    const plate = this.plate;
    switch (this.kind) {
      case 'plate':
        return plate ? [recordForPlate(plate, date)] : [];
      case 'wells': {
        if (!plate) return [];
        const contents = Object.values(this.wells).map((w) => ({
          position: w.position,
          sample: w.sample === null ? null : { id: w.sample },
        }));
        // A set: asked of each of a rack's 1,248 wells on every click, the list was read once a well.
        const selected = new Set(this.selection);
        const chosen = selected.size > 0 ? this.#order(plate).filter((p) => selected.has(p)) : undefined;
        return recordsForWells(plate, contents, chosen, date);
      }
      case 'rows':
        return this.rows.map((r) => ({ date, ...r.record }));
      case 'locations':
        return recordsForLocations(this.locations, date);
    }
  });

  /** A short name for files and headings: the plate's hrid, the labsheet, or "locations". */
  readonly subject: string = $derived(
    this.kind === 'rows'
      ? `${this.labsheet}-rows`
      : this.kind === 'locations'
        ? 'new-locations'
        : this.plate
          ? `${this.plate.hrid}${this.kind === 'wells' ? '-wells' : ''}`
          : 'labels',
  );

  async loadLabsheets(): Promise<void> {
    const r = await this.api.invoke('cache.labsheets', {});
    if (r.ok) this.labsheets = r.value.names;
  }

  /**
   * A plate or box by uuid, barcode or hrid; a scanned text is tried as a barcode, then as an hrid. A
   * scanned uuid (what a label from "New locations" encodes) is asked as a uuid, in the service's lower
   * case, as Assign location asks it.
   */
  async loadPlate(ref: PlateRef): Promise<Outcome> {
    const text = ref.barcode ?? '';
    const tries: PlateRef[] =
      ref.uuid !== undefined || ref.hrid !== undefined
        ? [ref]
        : isUuid(text)
          ? [{ uuid: text.toLowerCase() }, ref]
          : [ref, { hrid: text }];
    const current = this.#plateLookups.begin();
    for (const query of tries) {
      const r = await this.api.invoke('cache.manifest', query);
      if (!current())
        return { ok: false, replaced: true, message: `${describe(ref)}: a newer look-up replaced this one.` };
      // Main says a lookup it could not make in full ("Could not look up "X": the service failed…").
      if (!r.ok)
        return {
          ok: false,
          message:
            r.error.code === 'unavailable' ? r.error.message : `Could not look up ${describe(ref)}: ${r.error.message}`,
        };
      if (r.value) {
        // The plate open now, scanned again (a bench's habit before printing), keeps the wells chosen on it;
        // another plate starts with none, and the choice left can be chosen again once that plate is back.
        const same = this.plate?.uuid === r.value.uuid;
        if (!same) this.#replaceChoice([], `left when ${r.value.hrid} was opened`);
        this.plate = r.value;
        if (!same) this.#anchor = null;
        if (this.kind !== 'wells') this.kind = 'plate';
        const filled = counted(this.filledPositions.length, 'filled well');
        const note = this.wellsNote;
        return {
          ok: true,
          message: `${r.value.hrid} ${r.value.name}: ${note === null ? filled : `${filled} known here. ${note}`}`,
        };
      }
    }
    return { ok: false, message: `No plate or box has the barcode or ID "${ref.barcode ?? ref.hrid ?? ref.uuid}".` };
  }

  /** Click toggles a well; shift-click takes every well from the last click to this one, in plate order. */
  pickWell(position: string, extend: boolean): void {
    const plate = this.plate;
    if (!plate) return;
    if (extend && this.#anchor !== null) {
      const order = this.#order(plate);
      const [a, b] = [order.indexOf(this.#anchor), order.indexOf(position)].sort((x, y) => x - y);
      const range = order.slice(a, b! + 1);
      this.selection = [...new Set([...this.selection, ...range])];
    } else {
      this.selection = this.selection.includes(position)
        ? this.selection.filter((p) => p !== position)
        : [...this.selection, position];
    }
    this.#anchor = position;
    this.kind = 'wells';
  }

  /**
   * The wells' choice as it was before the last Clear choice, Choose all filled wells or another plate
   * opened, for Choose again (Ctrl+Z): thirty wells picked one by one went with one click. `added`: the
   * wells that step chose, taken off again. Null once chosen again.
   */
  choiceBefore = $state<{ before: string[]; added: string[]; plate: string; hrid: string; why: string } | null>(null);

  selectFilled(): Outcome {
    const had = this.selection.length;
    const filled = [...this.filledPositions];
    if (filled.length === 0) return { ok: false, message: 'No well of this plate is known to be filled: none chosen.' };
    const kept = this.#replaceChoice(filled, 'replaced by every filled well');
    const chosen = `${counted(filled.length, 'filled well')} chosen`;
    return { ok: true, message: kept ? `${chosen} in place of your ${had}: Ctrl+Z chooses those again` : chosen };
  }

  clearSelection(): Outcome {
    const had = this.selection.length;
    this.#anchor = null;
    if (!this.#replaceChoice([], 'cleared')) return { ok: false, message: 'No well is chosen: nothing cleared.' };
    return {
      ok: true,
      message: `Choice of ${counted(had, 'well')} cleared: Ctrl+Z chooses ${had === 1 ? 'it' : 'them'} again`,
    };
  }

  /** The choice last replaced (choiceBefore), back on the plate it was made on; wells picked since stay chosen. */
  chooseAgain(): Outcome {
    const c = this.choiceBefore;
    if (!c) return { ok: false, message: 'No choice of wells to choose again' };
    if (this.plate?.uuid !== c.plate)
      return {
        ok: false,
        message: `Not chosen again: those ${counted(c.before.length, 'well')} are of ${c.hrid}, and ${this.plate?.hrid ?? 'no plate'} is open now`,
      };
    const back = new Set([...c.before, ...c.added]);
    this.selection = [...c.before, ...this.selection.filter((p) => !back.has(p))];
    this.choiceBefore = null;
    this.kind = 'wells';
    return { ok: true, message: `${counted(c.before.length, 'well')} chosen again (${this.selection.length} chosen)` };
  }

  /** Sets the choice to `next`, keeping the one it replaces for chooseAgain; false when none was chosen. */
  #replaceChoice(next: string[], why: string): boolean {
    const before = this.selection;
    const plate = this.plate;
    const same = before.length === next.length && before.every((p) => next.includes(p));
    this.selection = next;
    if (before.length === 0 || same || !plate) return false;
    const added = next.filter((p) => !before.includes(p));
    this.choiceBefore = { before, added, plate: plate.uuid, hrid: plate.hrid, why };
    return true;
  }

  /** A scanned ID or tube barcode, looked up in the chosen labsheet (cache first when offline). */
  async addRow(value: string): Promise<Outcome> {
    if (this.rows.some((r) => r.scanned === value)) return { ok: false, message: `${value} is already in the batch.` };
    const r = await this.api.invoke('cache.row', { labsheet: this.labsheet, value });
    if (!r.ok) return { ok: false, message: `Could not look up ${value} in ${this.labsheet}: ${r.error.message}` };
    if (!r.value.found && r.value.shared)
      return { ok: false, message: `${sharedSaid(value, this.labsheet, r.value.shared)}: no label made for it.` };
    if (!r.value.found) {
      const when = asRead(missOf(r.value));
      return { ok: false, message: `${value} is not in the labsheet ${this.labsheet}${when}.` };
    }
    const row = r.value;
    this.idColumns = columnsOf(row);
    // A guessed ID column put another column's value (a patient ID) on the tube as its ID.
    if (row.idFrom === 'guess')
      return {
        ok: false,
        message:
          `No label made for ${value}: "${row.idColumn}" is only a guess at the ID column of ${row.labsheet}, ` +
          'from the column names. Choose the ID column below, then scan it again.',
      };
    const record = recordFromRow(row.row, columnsFor(row));
    if (record.id === '')
      return { ok: false, message: `${value}'s row has no value in ${row.idColumn}: no label made.` };
    // The same row by its other name (the tube's barcode, then its sample ID): one label, not two.
    const same = this.rows.find((x) => x.record.id === record.id);
    if (same) return { ok: false, message: `${record.id} is already in the batch (scanned as ${same.scanned}).` };
    this.rows = [...this.rows, { scanned: value, record }];
    return { ok: true, message: `${record.id} added (${this.rows.length} in the batch)` };
  }

  /** The chosen labsheet's ID columns, for the line beside the batch and the chooser; main reads its rows if it must. */
  async loadIdColumns(): Promise<void> {
    const labsheet = this.labsheet;
    const r = await this.api.invoke('cache.idColumns', { labsheet });
    if (r.ok && this.labsheet === labsheet) this.idColumns = r.value;
  }

  /**
   * The user names the labsheet's ID (and barcode) columns, saved with the settings as Row update saves
   * them: main finds rows by them from now on, on every screen. The tube refused is scanned again.
   */
  async chooseIdColumns(columns: LabsheetIdColumns | null, save: SaveIdColumns): Promise<string | null> {
    const problem = await save(this.labsheet, columns);
    if (problem) return problem;
    await this.loadIdColumns();
    return null;
  }

  /**
   * The batch as it was before the last Remove or Clear, for Put back (Ctrl+Z): one click on Clear
   * the batch lost forty scanned tubes with no way back but scanning them again. Null once put back.
   */
  takenOut = $state<{ before: ScannedRow[]; said: string; labsheet: string } | null>(null);

  /** Takes one row out of the batch (`index`), or all of them; answers the words for the last-scan line. */
  takeOut(index: number | 'all'): Outcome {
    const out = index === 'all' ? this.rows : this.rows.filter((_, i) => i === index);
    if (out.length === 0) return { ok: false, message: 'The batch is empty: nothing taken out.' };
    const said = out.length === 1 ? String(out[0]!.record.id) : `${out.length} rows`;
    this.takenOut = { before: this.rows, said, labsheet: this.labsheet };
    this.rows = index === 'all' ? [] : this.rows.filter((_, i) => i !== index);
    return {
      ok: true,
      message: `${said} taken out of the batch: Ctrl+Z puts ${out.length === 1 ? 'it' : 'them'} back`,
    };
  }

  /** The rows last taken out, back in their places; rows scanned since stay, after them. */
  putBack(): Outcome {
    const taken = this.takenOut;
    if (!taken) return { ok: false, message: 'Nothing to put back' };
    // Their labels' IDs are the other labsheet's: a batch is one labsheet's rows.
    if (taken.labsheet !== this.labsheet)
      return {
        ok: false,
        message: `Not put back: ${taken.said} came from ${taken.labsheet}, and the batch is of ${this.labsheet} now`,
      };
    const back = new Set(taken.before.map((r) => r.record.id));
    this.rows = [...taken.before, ...this.rows.filter((r) => !back.has(r.record.id))];
    this.takenOut = null;
    return { ok: true, message: `${taken.said} put back (${this.rows.length} in the batch)` };
  }

  /** Locations from a location/create request: its status lists what was created. */
  async locationsFromRequest(requestId: string): Promise<Outcome> {
    const r = await this.api.invoke('lab.fetchLocationCreateStatus', { requestId });
    if (!r.ok) return { ok: false, message: `Could not read request ${requestId}: ${r.error.message}` };
    const created = r.value.result?.created ?? [];
    if (created.length === 0)
      return { ok: false, message: `Request ${requestId} is ${r.value.status}; it has created no locations yet.` };
    this.locations = created.map(({ name, uuid }) => ({ name, uuid }));
    return { ok: true, message: `${counted(created.length, 'created location')}` };
  }

  #order(plate: CachedManifest): string[] {
    return positionsInOrder({ rows: plate.rows, columns: plate.columns }, 'row-major');
  }
}

const columnsOf = (row: CachedRow): LabsheetColumns => ({
  labsheet: row.labsheet,
  headers: row.headers,
  idColumn: row.idColumn,
  barcodeColumn: row.barcodeColumn,
  idFrom: row.idFrom,
});

function describe(ref: PlateRef): string {
  return ref.barcode ?? ref.hrid ?? ref.uuid ?? 'the plate';
}
