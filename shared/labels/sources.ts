import type { CreatedLocation } from '../api/locations.js';
import type { LabelRecordInput } from './record.js';

/**
 * Records for the places users print from. Each `{id}` is what a later scan must resolve: a plate
 * by its barcode (hrid when it has none), a well's tube by its sample ID, a location by its uuid
 * (what assign-location takes). `date` is the print date the caller chooses (an injected clock).
 */
type Plate = { name: string; hrid: string; barcode: string };
type Well = { position: string; sample?: { id: string } | null };

export function recordForPlate(plate: Plate, date?: string): LabelRecordInput {
  return {
    id: plate.barcode !== '' ? plate.barcode : plate.hrid,
    name: plate.name,
    hrid: plate.hrid,
    barcode: plate.barcode,
    ...(date === undefined ? {} : { date }),
  };
}

/**
 * Wells holding a sample, optionally only the selected positions, in the order given. No `name`: a
 * well's label code (SAMPLE, POS_CONTROL) is what the well is for, not what the tube is called, and
 * printed on line 2 it read as the tube's name; the templates have no field of their own for it.
 */
export function recordsForWells(
  plate: Plate,
  wells: readonly Well[],
  selected?: readonly string[],
  date?: string,
): LabelRecordInput[] {
  // Each chosen position's wells by position, not by reading every well for each (a rack's 1,248).
  // Labels stays self-contained (its layering test): grouped here, not by shared/group-by.
  const at = new Map<string, Well[]>();
  for (const w of wells) {
    const here = at.get(w.position);
    if (here) here.push(w);
    else at.set(w.position, [w]);
  }
  const chosen = selected === undefined ? wells : selected.flatMap((p) => at.get(p) ?? []);
  return chosen.flatMap((well) =>
    well.sample == null
      ? []
      : [
          {
            id: well.sample.id,
            position: well.position,
            hrid: plate.hrid,
            ...(date === undefined ? {} : { date }),
          },
        ],
  );
}

/** Locations just made by location/create (e.g. new boxes), labelled so a scan finds them again. */
export function recordsForLocations(created: readonly CreatedLocation[], date?: string): LabelRecordInput[] {
  return created.map((location) => ({
    id: location.uuid,
    name: location.name,
    ...(date === undefined ? {} : { date }),
  }));
}
