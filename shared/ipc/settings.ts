import { z } from 'zod';
import { apiMode, serviceConnection } from '../api/connection.js';
import { gs1ColumnMaps } from '../barcode/gs1-columns.js';
import { applyLabShapesPatch, labShapes, labShapesPatch } from '../barcode/lab-shapes.js';
import { DEFAULT_SCAN_INPUT, scanInputSettings } from '../barcode/scanner-settings.js';
import { DEMO_SAMPLES } from '../demo-lab.js';
import { printerTarget } from '../labels/jobs.js';
import { labsheetIdColumnMaps, labsheetIdColumnsPatch, mergeIdColumns } from './id-columns.js';
import { patchOf } from './patch-of.js';

/** The embedded sandbox: the default, so a new user sees data without any server. */
export const localSandboxConnection = z.strictObject({ kind: z.literal('local-sandbox'), mode: apiMode });
/** A real Lab Data Service: base, files and events URLs plus the API mode. */
export const customConnection = serviceConnection.extend({ kind: z.literal('custom') });
export const connectionSetting = z.discriminatedUnion('kind', [localSandboxConnection, customConnection]);
export type ConnectionSetting = z.infer<typeof connectionSetting>;

export const FILL_ORDERS = ['row-major', 'column-major'] as const;
export const uiPrefs = z.strictObject({
  highContrast: z.boolean(),
  sounds: z.boolean(),
  /** Next well after a scan: A1, A2, … (row-major) or A1, B1, … (column-major). */
  fillOrder: z.enum(FILL_ORDERS),
});
export type UiPrefs = z.infer<typeof uiPrefs>;

/** The labsheet each workflow reads its samples from; the demo lab's is "Samples". */
export const DEMO_LABSHEET: string = DEMO_SAMPLES.labsheet;
export const LABSHEET_WORKFLOWS = ['wellFill', 'assignLocation', 'rowUpdate', 'labels'] as const;
export type LabsheetWorkflow = (typeof LABSHEET_WORKFLOWS)[number];
const labsheetName = z.string().trim().min(1, 'name a labsheet').max(200);
export const workflowLabsheets = z.strictObject({
  wellFill: labsheetName,
  assignLocation: labsheetName,
  rowUpdate: labsheetName,
  labels: labsheetName,
});
export type WorkflowLabsheets = z.infer<typeof workflowLabsheets>;
export const DEFAULT_LABSHEETS: WorkflowLabsheets = Object.freeze({
  wellFill: DEMO_LABSHEET,
  assignLocation: DEMO_LABSHEET,
  rowUpdate: DEMO_LABSHEET,
  labels: DEMO_LABSHEET,
});

/**
 * A network label printer set up in Settings. Main keeps the list; the page names a printer by its
 * id and never gives an address itself, so it cannot make main connect anywhere else.
 */
export const configuredPrinter = printerTarget.pick({ host: true, port: true, dpi: true }).extend({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9][\w.-]*$/, 'letters, digits, _ . - only'),
  name: z.string().trim().min(1, 'name the printer').max(80),
});
export type ConfiguredPrinter = z.output<typeof configuredPrinter>;
export const MAX_PRINTERS = 20;
export const configuredPrinters = z
  .array(configuredPrinter)
  .max(MAX_PRINTERS, `at most ${MAX_PRINTERS} printers`)
  .refine((list) => new Set(list.map((p) => p.id)).size === list.length, 'two printers have the same id');

/**
 * One printer added (main names it: a readable id from its name, unique in main's list) or one removed
 * by id. Never the whole list: two windows, or two quick saves, each built from the list they had,
 * would otherwise each put back that list and silently remove the other's printer.
 */
export const printersPatch = z.union([
  z.strictObject({ add: configuredPrinter.omit({ id: true }) }),
  z.strictObject({ remove: configuredPrinter.shape.id }),
]);
export type PrintersPatch = z.infer<typeof printersPatch>;

/** A readable id from `name`, made unique among `list`; the Labels screen sends only this. */
export function printerIdFor(name: string, list: readonly ConfiguredPrinter[]): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || 'printer';
  let id = base;
  for (let n = 2; list.some((p) => p.id === id); n++) id = `${base}-${n}`;
  return id;
}

export const settings = z.strictObject({
  version: z.literal(1),
  connection: connectionSetting,
  scanner: scanInputSettings.default(DEFAULT_SCAN_INPUT),
  ui: uiPrefs,
  // A settings file written before this existed reads as the demo's labsheet everywhere.
  labsheets: workflowLabsheets.default(DEFAULT_LABSHEETS),
  /** Per labsheet, the columns a scanned reagent pack's GS1 lot, expiry, GTIN and serial fill. */
  gs1Columns: gs1ColumnMaps.default({}),
  printers: configuredPrinters.default([]),
  /** Per labsheet, its ID and ID_BARCODE columns when known (created here, or chosen on Row update). */
  labsheetIdColumns: labsheetIdColumnMaps.default({}),
  /** The lab's own barcode shapes, tried before the built-in ones; a file written before them has none. */
  barcodeShapes: labShapes.default([]),
});
export type Settings = z.infer<typeof settings>;

export const DEFAULT_SETTINGS: Settings = Object.freeze({
  version: 1,
  connection: { kind: 'local-sandbox', mode: 'v2' },
  scanner: DEFAULT_SCAN_INPUT,
  ui: { highContrast: false, sounds: true, fillOrder: 'row-major' },
  labsheets: DEFAULT_LABSHEETS,
  gs1Columns: {},
  printers: [],
  labsheetIdColumns: {},
  barcodeShapes: [],
}) as Settings;

/** What `settings.set` accepts: any top-level section, and any subset of the UI prefs. */
export const settingsPatch = z.strictObject({
  connection: connectionSetting.optional(),
  scanner: patchOf(scanInputSettings).optional(),
  ui: patchOf(uiPrefs).optional(),
  labsheets: patchOf(workflowLabsheets).optional(),
  /** Replaces the named labsheets' mappings; an empty mapping removes one. */
  gs1Columns: gs1ColumnMaps.optional(),
  /** One printer added or removed, applied to main's current list. */
  printers: printersPatch.optional(),
  /** Sets the named labsheets' ID columns; null forgets one. */
  labsheetIdColumns: labsheetIdColumnsPatch.optional(),
  /** One barcode shape added or removed, applied to main's current list. */
  barcodeShapes: labShapesPatch.optional(),
});
export type SettingsPatch = z.infer<typeof settingsPatch>;

export function applySettingsPatch(base: Settings, patch: SettingsPatch): Settings {
  return {
    version: 1,
    connection: patch.connection ?? base.connection,
    scanner: { ...base.scanner, ...patch.scanner },
    ui: { ...base.ui, ...patch.ui },
    labsheets: { ...base.labsheets, ...patch.labsheets },
    gs1Columns: mergeGs1Columns(base.gs1Columns, patch.gs1Columns),
    printers: applyPrintersPatch(base.printers, patch.printers),
    labsheetIdColumns: mergeIdColumns(base.labsheetIdColumns, patch.labsheetIdColumns),
    barcodeShapes: applyLabShapesPatch(base.barcodeShapes, patch.barcodeShapes),
  };
}

function applyPrintersPatch(base: Settings['printers'], patch: PrintersPatch | undefined): Settings['printers'] {
  if (!patch) return base;
  if ('remove' in patch) return base.filter((p) => p.id !== patch.remove);
  return [...base, { ...patch.add, id: printerIdFor(patch.add.name, base) }];
}

function mergeGs1Columns(base: Settings['gs1Columns'], patch: SettingsPatch['gs1Columns']): Settings['gs1Columns'] {
  if (!patch) return base;
  const merged = { ...base, ...patch };
  for (const [labsheet, map] of Object.entries(patch)) if (Object.keys(map).length === 0) delete merged[labsheet];
  return merged;
}
