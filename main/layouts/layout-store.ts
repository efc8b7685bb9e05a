import { join } from 'node:path';
import { z } from 'zod';
import { plateLayout, sameLayoutName, type PlateLayout } from '../../shared/layout/plate-layout.js';
import { writeJsonAtomic } from '../common/atomic-file.js';
import { readJsonFile } from '../common/json-file.js';

export const LAYOUT_FILE = 'plate-layouts.json';

const storedFile = z.strictObject({ version: z.literal(1), layouts: z.array(plateLayout) });

export interface LoadedLayouts {
  layouts: PlateLayout[];
  /** Set when the file was unreadable: where it went and why, for the screen to say. */
  recovered?: string;
}

export interface LayoutStore {
  load(): Promise<LoadedLayouts>;
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

  async function load(): Promise<LoadedLayouts> {
    const r = await readJsonFile(file, storedFile, now);
    if (r.kind === 'missing') return { layouts: [] };
    if (r.kind === 'read') return { layouts: r.value.layouts };
    return {
      layouts: [],
      recovered: `Saved layouts could not be read (${r.reason}); the file was moved to ${r.movedTo}.`,
    };
  }

  async function save(layouts: PlateLayout[]): Promise<PlateLayout[]> {
    await writeJsonAtomic(file, storedFile.parse({ version: 1, layouts }), { mode: 0o644 });
    return layouts;
  }

  return {
    load,
    async put(layout) {
      const checked = plateLayout.parse(layout);
      const { layouts } = await load();
      return save([...layouts.filter((l) => !sameLayoutName(l.name, checked.name)), checked]);
    },
    async remove(name) {
      return save((await load()).layouts.filter((l) => !sameLayoutName(l.name, name)));
    },
    async find(name) {
      return (await load()).layouts.find((l) => sameLayoutName(l.name, name)) ?? null;
    },
  };
}
