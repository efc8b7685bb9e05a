import { positionsInOrder } from '../../shared/layout/positions.js';
import type { Intent } from '../../shared/outbox/intents.js';

/**
 * The crash test's scans, a pure function of the scan number so the parent (which checks the
 * server) and every restarted child (which enqueues) agree without sharing state.
 */
export const PLATE = 'PL-0002';
export const BOX = 'BX-0001';
const PLATE_POSITIONS = positionsInOrder({ rows: 16, columns: 24 }, 'row-major');
const BOX_POSITIONS = positionsInOrder({ rows: 9, columns: 9 }, 'row-major');
const pad = (n: number, w: number) => String(n).padStart(w, '0');
export const sampleId = (n: number) => `S-${pad(n, 4)}`;

export type Slot =
  | { kind: 'well'; position: string }
  | { kind: 'row'; id: string }
  | { kind: 'tube'; barcode: string }
  | { kind: 'webhook'; scan: number };

export interface Scan {
  intent: Intent;
  slot: Slot;
  /** What the slot holds on the server once this scan (being the last for its slot) landed. */
  value: string;
}

export function scanAt(k: number, boxUuid: string): Scan {
  const r = k % 10;
  if (r <= 4) {
    const position = PLATE_POSITIONS[(k * 7) % PLATE_POSITIONS.length]!;
    const id = sampleId((k % 300) + 1);
    return {
      intent: { type: 'well-set', manifest: { hrid: PLATE }, position, sample: { id, labsheet: 'Samples' } },
      slot: { kind: 'well', position },
      value: id,
    };
  }
  if (r === 8)
    return {
      intent: { type: 'webhook', payload: { event: 'crash-scan', scan: k } },
      slot: { kind: 'webhook', scan: k },
      value: 'sent',
    };
  const a = Math.floor(k / 10);
  if (r === 9 && a < BOX_POSITIONS.length) {
    const barcode = `TB${pad(101 + a, 6)}`;
    const position = BOX_POSITIONS[a]!;
    return {
      intent: {
        type: 'location-assign',
        labsheet: 'Samples',
        locationId: boxUuid,
        idType: 'ID_BARCODE',
        id: barcode,
        position,
      },
      slot: { kind: 'tube', barcode },
      value: `${boxUuid}@${position}`,
    };
  }
  const id = sampleId(((k * 13) % 300) + 1);
  return {
    intent: { type: 'row-update', labsheet: 'Samples', idColumn: 'Sample ID', id, changes: { Notes: `scan-${k}` } },
    slot: { kind: 'row', id },
    value: `scan-${k}`,
  };
}

export const slotKey = (s: Slot): string =>
  s.kind === 'webhook'
    ? `webhook:${s.scan}`
    : s.kind === 'well'
      ? `well:${s.position}`
      : s.kind === 'row'
        ? `row:${s.id}`
        : `tube:${s.barcode}`;
