import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import { MAX_ROWS_PER_LOOKUP, rowAnswerAt } from '../../../shared/ipc/channels/cache.js';
import { call } from '../../lib/ipc/client.js';
import type { WellView } from '../../lib/plate-map/well-view.js';

/** The samples of a plate by the labsheet each is a row of, each ID once, in plate order. */
export type SamplesByLabsheet = Map<string, string[]>;

/**
 * The samples drawn in a plate's wells, by labsheet. A plate's wells may hold samples of several
 * labsheets (each well's sample names its own); looked up in the screen's, a sample of another was
 * "not in" it and the link was refused, or, were its ID a row there too, the wrong sample was linked.
 * `fallback`: the labsheet of a well whose sample names none (a service listing it without one).
 */
export function samplesOf(wells: ReadonlyMap<string, WellView>, fallback: string): SamplesByLabsheet {
  // A set keeps each ID once in the order first drawn, without reading the list for every well.
  const by = new Map<string, Set<string>>();
  for (const w of wells.values()) {
    if (w.sample === null) continue;
    const labsheet = w.labsheet || fallback;
    const ids = by.get(labsheet);
    if (ids) ids.add(w.sample);
    else by.set(labsheet, new Set([w.sample]));
  }
  return new Map([...by].map(([labsheet, ids]) => [labsheet, [...ids]]));
}

/** What the look-ups found: each sample's row uuid, and per labsheet the IDs no row of it holds. */
export interface LinkSamples {
  uuids: string[];
  missing: { labsheet: string; ids: string[] }[];
}

/**
 * The row uuids of the samples, each looked up in its own labsheet: one `cache.rows` call per labsheet
 * (MAX_ROWS_PER_LOOKUP values a call), so main reads each labsheet again at most once for the lot. A
 * failed look-up throws to the caller: a link with some samples silently left out would be wrong.
 */
export async function sampleUuids(api: BenchlinkApi, samples: SamplesByLabsheet): Promise<LinkSamples> {
  const uuids: string[] = [];
  const missing: LinkSamples['missing'] = [];
  for (const [labsheet, ids] of samples) {
    const notIn: string[] = [];
    for (let from = 0; from < ids.length; from += MAX_ROWS_PER_LOOKUP) {
      const values = ids.slice(from, from + MAX_ROWS_PER_LOOKUP);
      const answer = await call(api, 'cache.rows', { labsheet, values });
      values.forEach((id, k) => {
        const row = rowAnswerAt(answer, k);
        const uuid = row.found ? row.row['uuid'] : undefined;
        if (typeof uuid === 'string') uuids.push(uuid);
        else notIn.push(id);
      });
    }
    if (notIn.length > 0) missing.push({ labsheet, ids: notIn });
  }
  // One row drawn under two names (a tube assigned here by its barcode, listed elsewhere by its ID) is linked once.
  return { uuids: [...new Set(uuids)], missing };
}

/** The samples no row holds, by labsheet: "S-1, S-2 are not in Samples; P-9 is not in Plasma". */
export const missingSaid = (missing: LinkSamples['missing']): string =>
  missing.map((x) => `${x.ids.join(', ')} ${x.ids.length === 1 ? 'is' : 'are'} not in ${x.labsheet}`).join('; ');
