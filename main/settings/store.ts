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
import type { Logger } from '../common/logger.js';
import { createTurns } from '../../shared/in-turn.js';

export const SETTINGS_FILE = 'settings.json';

export interface SettingsStore {
  get(): Settings;
  /** Validates the merged result, writes it atomically, then answers it. */
  update(patch: SettingsPatch): Promise<Settings>;
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
 * Settings live in one JSON file in the app's data directory. A file that is not valid JSON or
 * does not match the schema is never deleted: it is renamed aside (the user may want it back)
 * and defaults are used, with a notice the UI shows.
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
        const next = settingsSchema.parse(applySettingsPatch(current, patch));
        await writeJsonAtomic(file, next);
        current = next;
        return next;
      });
    },
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
  let problem: string;
  try {
    const parsed = settingsSchema.safeParse(JSON.parse(text));
    if (parsed.success) return { settings: parsed.data, notice: null };
    const first = parsed.error.issues[0];
    problem = `it does not match the expected format (${first ? `${first.path.join('.') || 'top level'}: ${first.message}` : 'unknown'})`;
  } catch {
    problem = 'it is not valid JSON';
  }
  const aside = await moveAside(file, opts.now?.() ?? new Date());
  const notice = `Your settings file could not be read because ${problem}. Default settings are in use; the old file was kept as ${aside}.`;
  opts.log.warn('settings file unusable; moved aside', { aside, problem });
  return { settings: DEFAULT_SETTINGS, notice };
}
