import { createdLocation, type CreatedLocation } from '../../../shared/api/locations.js';
import { findUuid } from '../../../shared/api/primitives.js';

export type PasteResult =
  /** `note` says which pasted locations were there more than once (each is labelled once). */
  { ok: true; locations: CreatedLocation[]; note?: string } | { ok: false; reason: string };

/**
 * Created locations as users have them: the status answer of location/create (JSON with
 * `result.created`), its `created` array, or lines holding a uuid and a name in either order
 * (copied from the Data screen's table, tab- or space-separated).
 */
export function parseCreatedLocations(text: string): PasteResult {
  const result = parse(text);
  return result.ok ? once(result.locations) : result;
}

/**
 * One label per location: the same one pasted twice (two copies of a line, two pastes of one answer)
 * would print two labels for one box.
 */
function once(pasted: readonly CreatedLocation[]): PasteResult {
  const seen = new Set<string>();
  const locations: CreatedLocation[] = [];
  const repeated: string[] = [];
  for (const l of pasted) {
    if (!seen.has(l.uuid)) {
      seen.add(l.uuid);
      locations.push(l);
    } else if (!repeated.includes(l.name)) repeated.push(l.name);
  }
  if (repeated.length === 0) return { ok: true, locations };
  const dropped = pasted.length - locations.length;
  return {
    ok: true,
    locations,
    note: `${dropped} pasted ${dropped === 1 ? 'line repeats a location' : 'lines repeat locations'} already in the list (${repeated.join(', ')}); each location gets one label.`,
  };
}

function parse(text: string): PasteResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'Paste the created locations first.' };
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) return fromJson(trimmed);
  const locations: CreatedLocation[] = [];
  for (const [n, line] of trimmed.split(/\r?\n/).entries()) {
    if (line.trim() === '') continue;
    const uuid = findUuid(line);
    if (uuid === undefined)
      return { ok: false, reason: `Line ${n + 1} has no location uuid: "${line.trim().slice(0, 80)}".` };
    const name = line.replace(uuid, '').replace(/^[\s,;|]+|[\s,;|]+$/g, '');
    locations.push({ uuid, name: name === '' ? uuid : name });
  }
  return { ok: true, locations };
}

function fromJson(text: string): PasteResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {
      ok: false,
      reason: 'That looks like JSON but does not parse; paste the whole answer, or one "uuid name" per line.',
    };
  }
  const list = Array.isArray(value) ? value : (pick(pick(value, 'result'), 'created') ?? pick(value, 'created'));
  const parsed = createdLocation.array().safeParse(list);
  if (!parsed.success || parsed.data.length === 0)
    return { ok: false, reason: 'No created locations (name and uuid) found in that JSON.' };
  return { ok: true, locations: parsed.data.map(({ name, uuid }) => ({ name, uuid })) };
}

function pick(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && Object.prototype.hasOwnProperty.call(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}
