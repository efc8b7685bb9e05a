import { systemClock, type Clock } from '../domain/clock.js';
import { openDb, type Db } from './db.js';
import { ElnStore } from './eln.js';
import { LabflowStore } from './labflows.js';
import { LabsheetStore } from './labsheets.js';
import { LocationStore } from './locations.js';
import { ManifestStore } from './manifests.js';
import { RowStore, type Cells, type NewRow, type RowRecord } from './rows.js';
import type { CellValue } from '../../../shared/api/primitives.js';
import { SequenceStore } from './sequences.js';
import { TemplateStore } from './templates.js';
import { UploadStore } from './uploads.js';
import { UserStore } from './users.js';
import { WebhookStore } from './webhooks.js';

export type { Db } from './db.js';

/**
 * The sandbox's whole state: one SQLite database and a typed store per resource. Tests and the
 * bench reach it through `startSandbox(...).store` to seed bulk data or count what arrived.
 */
export class SandboxStore {
  readonly users: UserStore;
  readonly eln: ElnStore;
  readonly labsheets: LabsheetStore;
  readonly rows: RowStore;
  readonly templates: TemplateStore;
  readonly manifests: ManifestStore;
  readonly locations: LocationStore;
  readonly sequences: SequenceStore;
  readonly labflows: LabflowStore;
  readonly uploads: UploadStore;
  readonly webhooks: WebhookStore;

  constructor(
    readonly db: Db,
    readonly clock: Clock = systemClock,
  ) {
    this.users = new UserStore(db);
    this.eln = new ElnStore(db);
    this.labsheets = new LabsheetStore(db);
    this.rows = new RowStore(db);
    this.templates = new TemplateStore(db);
    this.manifests = new ManifestStore(db);
    this.locations = new LocationStore(db);
    this.sequences = new SequenceStore(db);
    this.labflows = new LabflowStore(db);
    this.uploads = new UploadStore(db);
    this.webhooks = new WebhookStore(db);
  }

  static open(path: string, clock?: Clock): SandboxStore {
    return new SandboxStore(openDb(path), clock);
  }

  now(): string {
    return new Date(this.clock()).toISOString();
  }

  /** Runs fn in one SQLite transaction: a request either changes everything it asked for or nothing. */
  tx<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  /** True when the database holds no users yet (a fresh file or ':memory:'), i.e. it needs seeding. */
  isEmpty(): boolean {
    return this.users.first() === null;
  }

  /**
   * Bulk-inserts rows given by column name, in one transaction and without per-cell type checks:
   * for tests and benches that need volume fast (50,000 rows in well under a second).
   */
  seedRows(
    labsheetName: string,
    rows: ReadonlyArray<Record<string, CellValue>>,
    opts: { archived?: (index: number) => boolean } = {},
  ): RowRecord[] {
    const sheet = this.labsheets.byName(labsheetName);
    if (!sheet) throw new Error(`seedRows: labsheet "${labsheetName}" does not exist`);
    const columns = this.labsheets.columns(sheet.uuid);
    const ids = new Map(columns.map((c) => [c.name, String(c.id)]));
    const prepared: NewRow[] = rows.map((r, i) => {
      const cells: Cells = {};
      for (const [name, value] of Object.entries(r)) {
        const id = ids.get(name);
        if (id === undefined) throw new Error(`seedRows: labsheet "${labsheetName}" has no column "${name}"`);
        cells[id] = value;
      }
      return { cells, archived: opts.archived?.(i) ?? false };
    });
    return this.rows.insertMany(sheet.uuid, columns, prepared, this.now());
  }

  close(): void {
    this.db.close();
  }
}
