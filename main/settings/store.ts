import { mkdir, readFile } from 'node:fs/promises';
import { moveAside, writeJsonAtomic } from '../common/atomic-file.js';
import { join } from 'node:path';
import {
  applySettingsPatch,
  DEFAULT_SETTINGS,
  settings as settingsSchema,
  type Settings,
  type SettingsPatch,
} from '../../shared/ipc/settings.js';
import { salvageSettings } from './salvage.js';
import type { Logger } from '../common/logger.js';
import { createTurns } from '../../shared/in-turn.js';

export const SETTINGS_FILE = 'settings.json';

/**
 * A change that would take the settings past one of their caps (20 printers, 100 labsheets with pack
 * columns, 1000 with known ID columns): nothing was saved. Its message is said to the user as it is.
 */
export class SettingsNotSaved extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SettingsNotSaved';
  }
}

/** The schema's own words ("at most 20 printers"), and what to do when each is a cap on a whole list. */
function notSaved(issues: readonly { path: readonly PropertyKey[]; message: string }[]): SettingsNotSaved {
  const why = [...new Set(issues.map((i) => i.message))].join('; ');
  const caps = issues.every((i) => i.path.length === 1);
  return new SettingsNotSaved(
    `Not saved: ${why}.${caps ? ' Remove one you no longer use, then try again.' : ' Nothing was changed.'}`,
  );
}

export interface SettingsStore {
  get(): Settings;
  /**
   * Validates the merged result, writes it atomically, then answers it. A result the schema refuses
   * (a 21st printer) is not saved and rejects with SettingsNotSaved.
   */
  update(patch: SettingsPatch): Promise<Settings>;
  /**
   * Resolves once every update asked for before this call has been written (or has failed), so a
   * caller that acts on the saved settings (the token's addresses) sees a change already asked for.
   */
  settled(): Promise<void>;
  /** Set when the file on disk was unusable: what happened and where the old file went. */
  readonly notice: string | null;
}

export interface SettingsStoreOptions {
  dataDir: string;
  log: Logger;
  /** Injected so tests get a stable name for the moved-aside file. */
  now?: () => Date;
}

/**
 * Settings live in one JSON file in the app's data directory. A file that does not match the schema
 * is read section by section: the valid sections are kept, only the others go back to defaults, and
 * the notice the UI shows names each one dropped. The original is never deleted: it is renamed aside
 * (the user may want it back). A file that is not JSON at all gives defaults, with the same care.
 */
export async function openSettingsStore(opts: SettingsStoreOptions): Promise<SettingsStore> {
  const file = join(opts.dataDir, SETTINGS_FILE);
  await mkdir(opts.dataDir, { recursive: true });
  const loaded = await load(file, opts);
  let current = loaded.settings;
  // Writes take turns so two quick updates cannot interleave their temp files.
  const inTurn = createTurns();

  return {
    notice: loaded.notice,
    get: () => current,
    update(patch) {
      // Merge and write inside one chain link: two quick updates (say, connection then a UI
      // toggle) each build on the other's result instead of one silently undoing the other.
      return inTurn(async () => {
        // Each patch passed its own schema; only the merge can go past a cap, which is the user's to
        // hear about (it reached the page as "Internal error" when thrown as a ZodError).
        const merged = settingsSchema.safeParse(applySettingsPatch(current, patch));
        if (!merged.success) throw notSaved(merged.error.issues);
        const next = merged.data;
        await writeJsonAtomic(file, next);
        current = next;
        return next;
      });
    },
    settled: () => inTurn(async () => undefined),
  };
}

async function load(file: string, opts: SettingsStoreOptions): Promise<{ settings: Settings; notice: string | null }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { settings: DEFAULT_SETTINGS, notice: null };
    throw err;
  }
  let raw: unknown;
  try {
    // Editors on Windows (Notepad) save UTF-8 with a byte-order mark, which JSON.parse refuses.
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return unreadable(file, opts, 'it is not valid JSON');
  }
  const salvaged = salvageSettings(raw);
  if (salvaged === null) return unreadable(file, opts, 'it is not a settings object');
  if (salvaged.dropped.length === 0) return { settings: salvaged.settings, notice: null };
  // The original is kept as it was; what could be read is written back at once, so the next start
  // (or a crash before the next save) does not fall back to defaults for the parts that were fine.
  const aside = await moveAside(file, opts.now?.() ?? new Date());
  await writeJsonAtomic(file, salvaged.settings);
  const notice =
    `Part of your settings file could not be read, so these settings are back to their defaults: ` +
    `${salvaged.dropped.join('; ')}. Everything else was kept. The original file was kept as ${aside}.`;
  opts.log.warn('settings file partly unusable; kept what was valid, original moved aside', {
    aside,
    dropped: salvaged.dropped,
  });
  return { settings: salvaged.settings, notice };
}

/** Nothing in the file can be used: defaults, and the file kept aside for the user. */
async function unreadable(
  file: string,
  opts: SettingsStoreOptions,
  problem: string,
): Promise<{ settings: Settings; notice: string }> {
  const aside = await moveAside(file, opts.now?.() ?? new Date());
  const notice = `Your settings file could not be read because ${problem}. Default settings are in use; the old file was kept as ${aside}.`;
  opts.log.warn('settings file unusable; moved aside', { aside, problem });
  return { settings: DEFAULT_SETTINGS, notice };
}
