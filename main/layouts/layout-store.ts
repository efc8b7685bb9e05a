import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { plateLayout, sameLayoutName, type PlateLayout } from '../../shared/layout/plate-layout.js';
import { moveAside, writeJsonAtomic } from '../common/atomic-file.js';

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
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { layouts: [] };
      throw error;
    }
    let reason: string;
    try {
      const parsed = storedFile.safeParse(JSON.parse(text));
      if (parsed.success) return { layouts: parsed.data.layouts };
      reason = parsed.error.issues.map((i) => `${i.path.join('.') || 'file'}: ${i.message}`).join('; ');
    } catch (error) {
      reason = `not valid JSON (${(error as Error).message})`;
    }
    const movedTo = await moveAside(file, now());
    return { layouts: [], recovered: `Saved layouts could not be read (${reason}); the file was moved to ${movedTo}.` };
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
