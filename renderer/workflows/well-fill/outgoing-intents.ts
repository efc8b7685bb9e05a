import { unknownWhy } from './unknown-why.js';
import { call } from '../../lib/ipc/client.js';
import type { WellIntent } from '../../../shared/outbox/intents.js';
import { WELL_LABELS, type WellLabel } from '../../../shared/api/primitives.js';
import { applyIntent, type WellView } from '../../lib/plate-map/well-view.js';
import { lookUpTube } from '../../lib/samples/tube-row.js';
import type { WellFillState } from './well-fill-state.svelte.js';

/*
 * An edit of wells, as it goes into the outbox: each intent completed against the well as the earlier
 * ones leave it, refused before anything is queued when it would send what this computer does not
 * know, and queued in one durable commit.
 */

/** One intent as planned: what goes into the outbox, and the well before it. */
export type Planned = { intent: WellIntent; before: WellView };
/** One intent as committed: what went into the outbox, its entry, and the well before it. */
export type Committed = Planned & { id: number };

/** What an edit is completed against: the plate being filled, and its wells as plain data (wellNow). */
export type EditSource = Pick<
  WellFillState,
  'api' | 'samples' | 'service' | 'labsheet' | 'plate' | 'unknown' | 'wells' | 'wellNow'
>;

/**
 * What goes into the outbox for a well intent. A well-set carries the well's whole new state, because
 * manifest/update marks sample, tags and label all required; every change carries the plate as read
 * from the service (its basis) so a plate changed elsewhere is held for a look, not overwritten.
 */
function outgoing(s: EditSource, i: WellIntent, w: WellView, sampleIds: ReadonlyMap<string, string>): WellIntent {
  const basis = s.plate?.basis;
  const withBasis = <T extends WellIntent>(x: T): T => (basis ? { ...x, basis } : x);
  if (i.type === 'well-remove') return withBasis(i);
  const sample =
    i.sample !== undefined
      ? i.sample
      : w.sample
        ? { id: w.assigned ? sampleIdOfAssigned(w, sampleIds) : w.sample, labsheet: w.labsheet || s.labsheet }
        : null;
  // A label the app does not know cannot be sent back; it reads as no label.
  const label = i.label ?? ((WELL_LABELS as readonly string[]).includes(w.label) ? (w.label as WellLabel) : '');
  return withBasis({ ...i, sample, label, tags: i.tags ?? [...w.tags] });
}

/**
 * What goes into the outbox for the intents, each completed against the well as the earlier ones
 * leave it (outgoing), with the well before it. Refused (throws) as refuseUnknownWells says.
 */
export async function planEdit(s: EditSource, asked: readonly WellIntent[]): Promise<Planned[]> {
  const after = new Map<string, WellView>();
  const viewOf = (p: string) => after.get(p) ?? s.wellNow(p);
  const sampleIds = await sampleIdsOfAssigned(s, asked);
  const planned = asked.map((a) => {
    const before = viewOf(a.position);
    const intent = outgoing(s, a, before, sampleIds);
    after.set(a.position, applyIntent(before, intent));
    return { intent, before };
  });
  if (planned.length > 0) refuseUnknownWells(s, asked, planned);
  return planned;
}

/**
 * Commits the intents in one durable commit (all or none: a label on twelve wells is never left on
 * six), then shows them. Each is completed against the well as the earlier ones of this commit leave it.
 */
export async function enqueueEdit(
  s: EditSource,
  asked: readonly WellIntent[],
  draw: (intent: WellIntent, entryId: number) => void,
): Promise<Committed[]> {
  const planned = await planEdit(s, asked);
  if (planned.length === 0) return [];
  const ids =
    planned.length === 1
      ? [(await call(s.api, 'outbox.enqueue', { intent: planned[0]!.intent, readFrom: s.service })).id]
      : (
          await call(s.api, 'outbox.enqueueMany', {
            intents: planned.map((p) => p.intent),
            readFrom: s.service,
          })
        ).ids;
  return planned.map((p, k) => {
    const id = Number(ids[k]);
    draw(p.intent, id);
    return { ...p, id };
  });
}

/** The sample IDs of the tubes Assign location put in the wells an edit keeps the sample of, by the name they were scanned by. */
async function sampleIdsOfAssigned(s: EditSource, asked: readonly WellIntent[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const a of asked) {
    const w = s.wells[a.position];
    if (a.type !== 'well-set' || a.sample !== undefined || !w?.assigned || !w.sample || ids.has(w.sample)) continue;
    const row = await lookUpTube(s.api, s.samples, w.labsheet || s.labsheet, w.sample);
    if (row) ids.set(w.sample, row.id);
  }
  return ids;
}

/**
 * A label, tags or a layout on a well goes out as the well's whole state (manifest/update's well
 * marks sample, label and tags required), so its sample is sent as this computer knows it. On a
 * plate where another bench used wells the service does not list, a well that looks empty may hold
 * a sample: sending "no sample" would remove it. Such an edit is refused with the reason; a tube
 * scanned into the well (the user chose it) sets the sample itself and goes on.
 */
function refuseUnknownWells(
  s: EditSource,
  asked: readonly WellIntent[],
  planned: readonly { before: WellView }[],
): void {
  const m = s.plate;
  if (!m || m.wellsFrom === 'service' || s.unknown === 0) return;
  const unknown = asked
    .filter((a, k) => a.type === 'well-set' && !a.sample && !planned[k]!.before.sample)
    .map((a) => a.position);
  if (unknown.length === 0) return;
  const n = s.unknown;
  const why =
    n === null
      ? unknownWhy(m, m.hrid)
      : `${n} well${n === 1 ? '' : 's'} of ${m.hrid} ${n === 1 ? 'was' : 'were'} filled elsewhere and the service does not list wells`;
  throw new Error(
    `${[...new Set(unknown)].join(' ')}: ${why}, so this computer does not know what these hold. A label, ` +
      'tags or a layout would be sent with no sample and remove one placed there. Scan the tube into the well first.',
  );
}

/**
 * A well known here only through Assign location holds the tube under the name it was scanned by
 * (often its barcode). A label or tags send the well's whole state, whose sample must be the sample
 * ID the service knows: looked up before the commit (`sampleIds`), or the edit is refused rather
 * than sent with a name that may not be one.
 */
function sampleIdOfAssigned(w: WellView, sampleIds: ReadonlyMap<string, string>): string {
  const id = w.sample ? sampleIds.get(w.sample) : undefined;
  if (id) return id;
  throw new Error(
    `${w.position} holds ${w.sample ?? 'a tube'}, put there on Assign location by that name, and the labsheet has ` +
      'no row for it that this computer could find, so its sample ID is not known. Nothing was changed: scan the ' +
      'tube into the well to record it by its row.',
  );
}
