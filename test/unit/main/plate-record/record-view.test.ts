import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ownViewStands } from '../../../../main/plate-record/record-view.js';
import { plateAsLeftHere } from '../../../../main/cache/plate-left-here.js';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import type { CachedManifest, PendingWellChange } from '../../../../shared/ipc/channels/cache.js';
import { plateLaneOf } from '../../../../shared/outbox/intent-meta.js';
import { fakeNow, tempDir } from '../outbox/helpers.js';

const LEFT = { lastUpdate: '2026-03-01T09:00:00.000Z', emptySpaces: 94 };
const ELSEWHERE = { lastUpdate: '2026-03-01T09:05:00.000Z', emptySpaces: 94 };

const plate = (over: Partial<CachedManifest>): CachedManifest => ({
  name: 'qPCR',
  template: '96 Well Plate',
  uuid: 'u3',
  hrid: 'PL-0003',
  barcode: '',
  rows: 8,
  columns: 12,
  layoutFrom: 'template',
  wells: [{ position: 'A1', sample: { id: 'S-0040', labsheet: 'Samples' }, label: '', tags: [] }],
  wellsFrom: 'this-computer',
  basis: LEFT,
  reading: LEFT,
  unplacedUsed: 0,
  fetchedAt: 1000,
  fromCache: false,
  pending: [],
  movedAway: [],
  ...over,
});

const sending: PendingWellChange = {
  entryId: 9,
  state: 'sending',
  updatedAt: 1000,
  intent: { type: 'well-remove', manifest: { uuid: 'u3' }, position: 'A1', fields: ['SAMPLE'] },
  error: null,
  mayHaveArrived: null,
};

describe("whether this computer's view of a plate whose wells the service does not list still stands", () => {
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  beforeEach(() => {
    t = tempDir('record-view-');
    outbox = createOutbox({ path: path.join(t.dir, 'o.db'), now: fakeNow().now });
    outbox.setPlateSeen(plateLaneOf({ uuid: 'u3' }), LEFT);
  });
  afterEach(() => {
    outbox.close();
    t.cleanup();
  });

  const stands = (m: CachedManifest) => ownViewStands(outbox, m, plateAsLeftHere(outbox, m));

  it('stands while the plate reads as this computer last left it', () => {
    expect(stands(plate({}))).toBe(true);
  });

  it('does not once it was changed elsewhere, even with as many wells empty', () => {
    expect(stands(plate({ reading: ELSEWHERE }))).toBe(false);
  });

  it('a reading made while this computer writes the plate cannot tell: the filing waits a moment', () => {
    expect(() => stands(plate({ reading: ELSEWHERE, pending: [sending] }))).toThrow(/being written from this computer/);
  });

  it("offline, from the saved reading, it stands as the rest of what is filed offline (this computer's view)", () => {
    expect(stands(plate({ reading: ELSEWHERE, pending: [sending], fromCache: true }))).toBe(true);
  });

  it('a service that lists wells is its own view', () => {
    expect(stands(plate({ reading: ELSEWHERE, wellsFrom: 'service' }))).toBe(true);
  });
});
