import { createHash } from 'node:crypto';
import path from 'node:path';
import { positionsInOrder } from '../../shared/layout/positions.js';
import { SUPPLIED_LATER, type BatchDependency } from '../../shared/outbox/dependency.js';
import type { Intent } from '../../shared/outbox/intents.js';

/**
 * The crash test's scans, a pure function of the scan number so the parent (which checks the
 * server) and every restarted child (which enqueues) agree without sharing state.
 */
export const PLATE = 'PL-0002';
export const BOX = 'BX-0001';
/** The notebook page plate records are filed into. */
export const PAGE = 'EXP-0001';
const PLATE_POSITIONS = positionsInOrder({ rows: 16, columns: 24 }, 'row-major');
const BOX_POSITIONS = positionsInOrder({ rows: 9, columns: 9 }, 'row-major');
const pad = (n: number, w: number) => String(n).padStart(w, '0');
export const sampleId = (n: number) => `S-${pad(n, 4)}`;

export type Slot =
  | { kind: 'well'; position: string }
  | { kind: 'row'; id: string }
  | { kind: 'tube'; barcode: string }
  | { kind: 'webhook'; scan: number }
  | { kind: 'record'; fileName: string };

export interface Scan {
  /** Usually one; a filed record is an upload and the attach-image that waits for its file id. */
  intents: Intent[];
  dependencies?: BatchDependency[];
  /** A staged file the child writes before enqueueing (an upload reads it when it is sent). */
  file?: { path: string; bytes: Buffer };
  slot: Slot;
  /** What the slot holds on the server once this scan (being the last for its slot) landed. */
  value: string;
}

/** `stagingDir` is where the child writes upload copies (only uploads need it). */
export function scanAt(k: number, boxUuid: string, stagingDir = ''): Scan {
  const r = k % 10;
  if (r === 8 && k % 20 === 18) {
    const fileName = `crash-${k}.png`;
    const bytes = Buffer.from(`plate picture of scan ${k}`);
    const stagedPath = path.join(stagingDir, fileName);
    return {
      intents: [
        {
          type: 'file-upload',
          stagedPath,
          size: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          fileName,
          isGlobal: false,
          fileSource: 'Benchlink',
        },
        {
          type: 'attach-image',
          request: {
            hrid: PAGE,
            image_uuid: SUPPLIED_LATER,
            image_name: fileName,
            image_mime_type: 'image/png',
            position: 'append',
          },
        },
      ],
      dependencies: [{ entry: 1, after: 0, supplies: { field: 'request.image_uuid', from: 'fileId' } }],
      file: { path: stagedPath, bytes },
      slot: { kind: 'record', fileName },
      value: 'attached',
    };
  }
  if (r <= 4) {
    const position = PLATE_POSITIONS[(k * 7) % PLATE_POSITIONS.length]!;
    const id = sampleId((k % 300) + 1);
    return {
      intents: [{ type: 'well-set', manifest: { hrid: PLATE }, position, sample: { id, labsheet: 'Samples' } }],
      slot: { kind: 'well', position },
      value: id,
    };
  }
  if (r === 8)
    return {
      intents: [{ type: 'webhook', payload: { event: 'crash-scan', scan: k } }],
      slot: { kind: 'webhook', scan: k },
      value: 'sent',
    };
  const a = Math.floor(k / 10);
  if (r === 9 && a < BOX_POSITIONS.length) {
    const barcode = `TB${pad(101 + a, 6)}`;
    const position = BOX_POSITIONS[a]!;
    return {
      intents: [
        {
          type: 'location-assign',
          labsheet: 'Samples',
          locationId: boxUuid,
          idType: 'ID_BARCODE',
          id: barcode,
          position,
        },
      ],
      slot: { kind: 'tube', barcode },
      value: `${boxUuid}@${position}`,
    };
  }
  const id = sampleId(((k * 13) % 300) + 1);
  return {
    intents: [{ type: 'row-update', labsheet: 'Samples', idColumn: 'Sample ID', id, changes: { Notes: `scan-${k}` } }],
    slot: { kind: 'row', id },
    value: `scan-${k}`,
  };
}

export const slotKey = (s: Slot): string =>
  s.kind === 'record'
    ? `record:${s.fileName}`
    : s.kind === 'webhook'
      ? `webhook:${s.scan}`
      : s.kind === 'well'
        ? `well:${s.position}`
        : s.kind === 'row'
          ? `row:${s.id}`
          : `tube:${s.barcode}`;
