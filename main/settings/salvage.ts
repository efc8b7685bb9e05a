import {
  customConnection,
  DEFAULT_SETTINGS,
  localSandboxConnection,
  settings as settingsSchema,
  type Settings,
} from '../../shared/ipc/settings.js';

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
    const lenient = key === 'connection' ? connectionWithoutUnknownFields(file[key]) : null;
    if (lenient) {
      kept[key] = lenient.connection;
      for (const field of lenient.ignored) dropped.push(`${key}.${field} (not a setting this version knows)`);
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

/**
 * The connection with only the fields this version knows, when that alone makes it valid: a field a
 * newer version added must not cost the user the addresses they saved (and the queue bound to them).
 * Null when the connection is wrong in itself, so it is dropped and named like any other section.
 */
function connectionWithoutUnknownFields(
  value: unknown,
): { connection: Settings['connection']; ignored: string[] } | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const fields = value as Record<string, unknown>;
  const variant =
    fields['kind'] === 'custom' ? customConnection : fields['kind'] === 'local-sandbox' ? localSandboxConnection : null;
  if (!variant) return null;
  const known = Object.keys(variant.shape);
  const ignored = Object.keys(fields).filter((k) => !known.includes(k));
  if (ignored.length === 0) return null;
  const parsed = variant.safeParse(Object.fromEntries(Object.entries(fields).filter(([k]) => known.includes(k))));
  return parsed.success ? { connection: parsed.data, ignored } : null;
}
