import { join } from 'node:path';
import { z } from 'zod';
import { plateLayout, sameLayoutName, type PlateLayout } from '../../shared/layout/plate-layout.js';
import { createTurns } from '../../shared/in-turn.js';
import { writeJsonAtomic } from '../common/atomic-file.js';
import { readJsonFile } from '../common/json-file.js';

export const LAYOUT_FILE = 'plate-layouts.json';
/**
 * Layouts kept at most: each is a command barcode on the scanner's sheet, beside one per position of the
 * largest box (26 × 48), and that sheet holds 2,000 codes. A lab's layouts are tens.
 */
export const MAX_SAVED_LAYOUTS = 400;

const storedFile = z.strictObject({ version: z.literal(1), layouts: z.array(plateLayout) });

/** A new layout refused because MAX_SAVED_LAYOUTS are kept: its message is for the user. */
export class LayoutsFull extends Error {}

export interface LoadedLayouts {
  layouts: PlateLayout[];
  /** Set when the file was unreadable: where it went and why, for the screen to say. */
  recovered?: string;
}

export interface LayoutStore {
  load(): Promise<LoadedLayouts>;
  /**
   * Why the saved layouts' file was moved aside, until a screen has been told (then null). Kept whatever
   * read it first (a save, the command sheet, a layout's command): each read after finds no file, so a
   * reason only that first read answered was never said, and the user's layouts were gone unsaid.
   */
  takeRecovered(): string | null;
  /** Insert, or replace the one of the same name (ignoring case); answers the saved list. */
  put(layout: PlateLayout): Promise<PlateLayout[]>;
  remove(name: string): Promise<PlateLayout[]>;
  find(name: string): Promise<PlateLayout | null>;
}

/**
 * Saved plate layouts in one JSON file in the data dir, written atomically. A corrupt file is moved
 * aside (never overwritten: the user may want it back) and the list starts empty, with the reason.
 */
export function createLayoutStore(dataDir: string, now: () => Date = () => new Date()): LayoutStore {
  const file = join(dataDir, LAYOUT_FILE);
  let unreported: string | null = null;

  async function load(): Promise<LoadedLayouts> {
    const r = await readJsonFile(file, storedFile, now);
    if (r.kind === 'moved-aside')
      unreported = `Saved layouts could not be read (${r.reason}); the file was moved to ${r.movedTo}.`;
    const layouts = r.kind === 'read' ? r.value.layouts : [];
    return unreported === null ? { layouts } : { layouts, recovered: unreported };
  }

  async function save(layouts: PlateLayout[]): Promise<PlateLayout[]> {
    await writeJsonAtomic(file, storedFile.parse({ version: 1, layouts }), { mode: 0o644 });
    return layouts;
  }

  async function put(layout: PlateLayout): Promise<PlateLayout[]> {
    const checked = plateLayout.parse(layout);
    const others = (await load()).layouts.filter((l) => !sameLayoutName(l.name, checked.name));
    if (others.length >= MAX_SAVED_LAYOUTS)
      throw new LayoutsFull(
        `Not saved: ${MAX_SAVED_LAYOUTS} layouts are saved already. Delete one you no longer use, then save again.`,
      );
    return save([...others, checked]);
  }

  // Each change reads the file, changes the list and writes it: two at once (a double click, two
  // windows) each wrote its own list over the other's, and both answered saved. They take turns.
  const inTurn = createTurns();
  return {
    load: () => inTurn(load),
    put: (layout) => inTurn(() => put(layout)),
    remove: (name) => inTurn(async () => save((await load()).layouts.filter((l) => !sameLayoutName(l.name, name)))),
    find: (name) => inTurn(async () => (await load()).layouts.find((l) => sameLayoutName(l.name, name)) ?? null),
    takeRecovered() {
      const said = unreported;
      unreported = null;
      return said;
    },
  };
}
