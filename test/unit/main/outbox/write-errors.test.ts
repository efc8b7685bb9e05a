import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutbox, WriteError, type Outbox } from '../../../../main/outbox/index.js';
import { intent, type Intent, type IntentType } from '../../../../shared/outbox/intents.js';
import { assign, rowUpdate, tempDir, upload, webhook, wellRemove, wellSet } from './helpers.js';

describe('write failures on enqueue are surfaced, not swallowed', () => {
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  beforeEach(() => {
    t = tempDir();
    outbox = createOutbox({ path: path.join(t.dir, 'outbox.db'), now: () => 1 });
  });
  afterEach(() => {
    outbox.close();
    t.cleanup();
  });

  it('disk full (SQLite cannot grow the file) → WriteError kind disk-full', () => {
    // Cap the file at its current size: SQLite then fails exactly as on a full disk (SQLITE_FULL).
    const pages = Number(outbox.db.pragma('page_count', { simple: true }));
    outbox.db.pragma(`max_page_count = ${pages}`);
    let err: unknown;
    try {
      for (let i = 0; i < 10_000; i++) outbox.enqueue(wellSet('A1', `S-${'x'.repeat(200)}-${i}`));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(WriteError);
    expect((err as WriteError).kind).toBe('disk-full');
    expect((err as WriteError).code).toBe('SQLITE_FULL');
  });

  it('read-only database → WriteError kind read-only', () => {
    outbox.db.pragma('query_only = 1');
    expect(() => outbox.enqueue(wellSet('A1', 'S-0001'))).toThrow(expect.objectContaining({ kind: 'read-only' }));
  });

  it('a data folder that cannot be written → a typed error at open', () => {
    const blocked = path.join(t.dir, 'not-a-dir');
    fs.writeFileSync(blocked, 'x');
    expect(() => createOutbox({ path: path.join(blocked, 'outbox.db'), now: () => 1 })).toThrow(WriteError);
  });

  it('a closed outbox → kind closed', () => {
    const other = createOutbox({ path: path.join(t.dir, 'other.db'), now: () => 1 });
    other.close();
    expect(() => other.enqueue(wellSet('A1', 'S-0001'))).toThrow(expect.objectContaining({ kind: 'closed' }));
  });
});

/**
 * A write that fails names what was not saved by what it was: an upload that could not be queued said
 * "The scan was not saved", as did a row update, a move and a layout. One example per kind of entry.
 */
describe('a failed write names what was not saved', () => {
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  beforeEach(() => {
    t = tempDir();
    outbox = createOutbox({ path: path.join(t.dir, 'outbox.db'), now: () => 1 });
    // Read-only: every write fails as on a data folder the app may not write (SQLITE_READONLY).
    outbox.db.pragma('query_only = 1');
  });
  afterEach(() => {
    outbox.close();
    t.cleanup();
  });

  const failure = (write: () => unknown): WriteError => {
    try {
      write();
    } catch (e) {
      expect(e).toBeInstanceOf(WriteError);
      return e as WriteError;
    }
    throw new Error('the write did not fail');
  };

  const ASK_IT = 'Ask IT to let Benchlink write to its data folder, then try again.';
  /** Each kind, what its failed write is said to be, and what to do (a scan's remedy unless said). */
  const byKind: [IntentType, Intent, string, string?][] = [
    ['well-set', wellSet('A11', 'S-0011'), 'The change to well A11 of PL-0001 was not saved'],
    ['well-remove', wellRemove('B2', ['LABEL']), 'The change to well B2 of PL-0001 was not saved'],
    ['location-assign', assign('TB000001', 'C5'), 'The move of TB000001 to C5 was not saved'],
    ['row-update', rowUpdate('S-0001', { Status: 'done' }), 'The update of S-0001 in Samples was not saved'],
    // A file the user added: by its name, as the Upload list shows it, and queued again, not scanned.
    [
      'file-upload',
      upload('plate.csv'),
      'plate.csv was not queued',
      'Nothing was sent; queue the file again when IT has let Benchlink write to its data folder.',
    ],
    ['webhook', webhook(1), 'The event was not saved'],
    [
      'labflow-link',
      { type: 'labflow-link', request: { labflowId: 'LF-0001', protocoltemplateId: 'P1', sampleUuids: ['u1'] } },
      'The link of samples to a labflow test was not saved',
    ],
    [
      'labsheet-create',
      { type: 'labsheet-create', request: { name: 'Plates', columns: [{ name: 'ID', type: 'ID' }] } },
      'The new labsheet Plates was not saved',
    ],
    [
      'location-create',
      { type: 'location-create', request: { locations: [{ name: 'Freezer 3' }] } },
      'The creation of location Freezer 3 was not saved',
    ],
    [
      'labsheet-to-template',
      { type: 'labsheet-to-template', request: { labsheet: 'Samples', templateName: 'Samples template' } },
      'The template Samples template from Samples was not saved',
    ],
    [
      'delete-column',
      { type: 'delete-column', request: { labsheet: 'Samples', columnName: 'Notes' } },
      'The deletion of column Notes from Samples was not saved',
    ],
    [
      'remove-permissions',
      { type: 'remove-permissions', request: { uuid: 'f1', users: [{ email: 'a@b.c' }] } },
      'The change of folder permissions was not saved',
    ],
    [
      'attach-image',
      {
        type: 'attach-image',
        request: {
          hrid: 'EXP-0001',
          image_uuid: 'img-1',
          image_name: 'plate.png',
          image_mime_type: 'image/png',
          position: 'append',
        },
      },
      'The picture plate.png for EXP-0001 was not saved',
    ],
    [
      'add-sequence-to-row',
      {
        type: 'add-sequence-to-row',
        request: { labsheet: 'Samples', id: 'S-0001', sequenceName: 'pUC19', sequenceColumn: 'Plasmid' },
      },
      'The sequence for S-0001 in Samples was not saved',
    ],
    [
      'labspace-create',
      { type: 'labspace-create', request: { name: 'Cloning' } },
      'The new labspace Cloning was not saved',
    ],
  ];

  it.each(byKind)('%s', (_kind, intent, said, remedy = ASK_IT) => {
    const err = failure(() => outbox.enqueue(intent));
    expect(err.kind).toBe('read-only');
    // What failed, why, and what the technician can do about it.
    expect(err.message).toBe(`${said}: the data folder is read-only (SQLITE_READONLY). ${remedy}`);
  });

  it('every kind of entry has its example here', () => {
    expect(new Set(byKind.map(([k, i]) => (i.type === k ? k : null)))).toEqual(
      new Set(intent.options.map((o) => o.shape.type.value)),
    );
  });

  it('a batch of one kind is counted, with the plate or labsheet they share', () => {
    const wells = Array.from({ length: 96 }, (_, n) => wellSet(`P${n}`, `S-${n}`));
    expect(failure(() => outbox.enqueueMany(wells)).message).toMatch(
      /^The 96 well changes to PL-0001 were not saved: the data folder is read-only/,
    );
    const rows = [rowUpdate('S-1', { Status: 'a' }), rowUpdate('S-2', { Status: 'b' })];
    expect(failure(() => outbox.enqueueMany(rows)).message).toMatch(/^The 2 row updates to Samples were not saved: /);
    const moves = [assign('TB1', 'A1'), assign('TB2', 'A2', 'OTHER')];
    expect(failure(() => outbox.enqueueMany(moves)).message).toMatch(/^The 2 tube moves were not saved: /);
    const mixed = [upload('a.csv'), webhook(1)];
    expect(failure(() => outbox.enqueueMany(mixed)).message).toMatch(/^The 2 changes were not saved: /);
  });

  it('a batch the caller knows as one thing is named so (a plate record: files, a picture, an event)', () => {
    const record = [upload('PL-0001.csv'), upload('PL-0001.png'), webhook(1)];
    const subject = { text: 'The record of PL-0001', plural: false, thing: 'change' } as const;
    expect(failure(() => outbox.enqueueMany(record, { subject })).message).toMatch(
      /^The record of PL-0001 was not saved: the data folder is read-only/,
    );
  });

  it('a file on a full disk: not queued, nothing sent, queued again once there is space', () => {
    outbox.db.pragma('query_only = 0');
    outbox.db.pragma(`max_page_count = ${Number(outbox.db.pragma('page_count', { simple: true }))}`);
    // Filled to the cap by small entries first, so the upload's own (larger) write is the one that fails.
    for (let i = 0; ; i++) {
      try {
        outbox.enqueue(wellSet('A1', `S-${i}`));
      } catch {
        break;
      }
    }
    expect(failure(() => outbox.enqueue(upload('plate.csv'))).message).toBe(
      'plate.csv was not queued: the disk is full (SQLITE_FULL). Nothing was sent; queue the file again when you ' +
        'have freed some space on this computer (empty the trash, remove large files).',
    );
  });

  it('disk full says to free space', () => {
    outbox.db.pragma('query_only = 0');
    outbox.db.pragma(`max_page_count = ${Number(outbox.db.pragma('page_count', { simple: true }))}`);
    const big = Array.from({ length: 96 }, (_, n) => wellSet(`P${n}`, `S-${'x'.repeat(2000)}-${n}`));
    expect(failure(() => outbox.enqueueMany(big)).message).toBe(
      'The 96 well changes to PL-0001 were not saved: the disk is full (SQLITE_FULL). ' +
        'Free some space on this computer (empty the trash, remove large files), then try again.',
    );
  });
});
