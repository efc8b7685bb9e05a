import { positionsInOrder } from '../../shared/layout/positions.js';
import type { Intent } from '../../shared/outbox/intents.js';

/** A seeded mix of bench intents and the server state they must produce, for the chaos test. */
export interface ChaosPlan {
  intents: Intent[];
  /** slot → expected value once everything landed. */
  expected: Map<string, string | null>;
  webhooks: number;
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

export function chaosPlan(count: number, random: () => number, ids: { box: string; locations: string[] }): ChaosPlan {
  const plate = positionsInOrder({ rows: 16, columns: 24 }, 'row-major');
  const box = positionsInOrder({ rows: 9, columns: 9 }, 'row-major');
  const intents: Intent[] = [];
  const expected = new Map<string, string | null>();
  let boxed = 0;
  let webhooks = 0;
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  while (intents.length < count) {
    const r = random();
    if (r < 0.4) {
      const position = pick(plate);
      const id = `S-${pad(1 + Math.floor(random() * 100), 4)}`;
      intents.push({ type: 'well-set', manifest: { hrid: 'PL-0002' }, position, sample: { id, labsheet: 'Samples' } });
      expected.set(`well:${position}`, id);
    } else if (r < 0.45) {
      const position = pick(plate);
      intents.push({ type: 'well-remove', manifest: { hrid: 'PL-0002' }, position, fields: ['SAMPLE'] });
      expected.set(`well:${position}`, null);
    } else if (r < 0.7) {
      const id = `S-${pad(1 + Math.floor(random() * 300), 4)}`;
      const note = `chaos-${intents.length}`;
      intents.push({ type: 'row-update', labsheet: 'Samples', idColumn: 'Sample ID', id, changes: { Notes: note } });
      expected.set(`notes:${id}`, note);
    } else if (r < 0.78 && boxed < box.length) {
      const barcode = `TB${pad(201 + boxed, 6)}`;
      intents.push({
        type: 'location-assign',
        labsheet: 'Samples',
        locationId: ids.box,
        idType: 'ID_BARCODE',
        id: barcode,
        position: box[boxed]!,
      });
      expected.set(`loc:${barcode}`, `${ids.box}@${box[boxed]!}`);
      boxed++;
    } else if (r < 0.93) {
      const barcode = `TB${pad(150 + Math.floor(random() * 50), 6)}`;
      const location = pick(ids.locations);
      intents.push({
        type: 'location-assign',
        labsheet: 'Samples',
        locationId: location,
        idType: 'ID_BARCODE',
        id: barcode,
      });
      expected.set(`loc:${barcode}`, `${location}@-`);
    } else if (r < 0.995) {
      intents.push({ type: 'webhook', payload: { event: 'chaos', n: webhooks++ } });
    } else {
      // Not idempotent, but reconcilable: an uncertain create is looked up by its unique name.
      const name = `Chaos sheet ${intents.length}`;
      intents.push({ type: 'labsheet-create', request: { name, columns: [{ name: 'Tube', type: 'ID' }] } });
      expected.set(`sheet:${name}`, 'exists');
    }
  }
  return { intents, expected, webhooks };
}
