import { DEFAULT_SETTINGS, settings as settingsSchema, type Settings } from '../../shared/ipc/settings.js';

/** A settings file read section by section: what could be kept, and what was dropped and why. */
export interface Salvaged {
  settings: Settings;
  /** One phrase per dropped part, naming it: "connection (baseUrl: must be an http(s) URL)". */
  dropped: string[];
}

type Section = keyof Settings;
const SECTIONS = Object.keys(settingsSchema.shape) as Section[];

/**
 * Keeps every top-level section of the file that is valid on its own and drops only the others (to
 * their defaults), so one key a newer version added, or one bad printer, does not reset the connection
 * and everything else. Answers null when the file is not a JSON object at all (nothing to salvage).
 */
export function salvageSettings(raw: unknown): Salvaged | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const file = raw as Record<string, unknown>;
  const dropped: string[] = [];
  const kept: Record<string, unknown> = {};
  for (const key of SECTIONS) {
    const parsed = settingsSchema.shape[key].safeParse(file[key]);
    if (parsed.success) {
      kept[key] = parsed.data;
      continue;
    }
    kept[key] = DEFAULT_SETTINGS[key];
    if (!(key in file)) dropped.push(`${key} (missing)`);
    else {
      const first = parsed.error.issues[0];
      const where = first && first.path.length > 0 ? `${first.path.join('.')}: ` : '';
      dropped.push(`${key} (${where}${first?.message ?? 'not in the expected format'})`);
    }
  }
  for (const key of Object.keys(file))
    if (!(SECTIONS as string[]).includes(key)) dropped.push(`${key} (not a setting this version knows)`);
  // Each section passed on its own; the whole is checked too, so the store never holds an invalid one.
  return { settings: settingsSchema.parse(kept), dropped };
}
