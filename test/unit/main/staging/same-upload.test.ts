/**
 * Upload's "Upload again?" (sameUpload): the newest upload of the same file (name and sha256) for the
 * service in use, open or sent lately. Each file picked asked it of main; it read every upload of every
 * service in each state, page by page in JS: 200 ms a file with 9,600 sent, on the thread that answers
 * scans. Now one statement a state, in the upload lanes of the (service, state, target) index.
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import { prepareStatements } from '../../../../main/outbox/statements.js';
import { SAME_UPLOAD_SENT_MS, sameUpload } from '../../../../main/staging/same-upload.js';
import { RECORD_FILE_SOURCE, type Intent } from '../../../../shared/outbox/intents.js';
import { fakeNow, planOf, tempDir, upload, webhook } from '../outbox/helpers.js';

const SHA = 'a'.repeat(64);
const OTHER_SHA = 'b'.repeat(64);
const withSha = (name: string, sha256: string): Intent => ({ ...upload(name), sha256 }) as Intent;

describe('sameUpload: the newest upload of the same file, for the service in use', () => {
  const clock = fakeNow();
  let service = 'https://lab.example';
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  beforeEach(() => {
    t = tempDir();
    service = 'https://lab.example';
    outbox = createOutbox({ path: path.join(t.dir, 'o.db'), now: clock.now, service: () => service });
  });
  afterEach(() => {
    outbox.close();
    t.cleanup();
  });
  const sent = (ids: number[]) => {
    outbox.claim(ids, `r-${ids.join('-')}`, 'storeAndEmbedFiles');
    outbox.settle(ids.map((id) => ({ id, state: 'done' as const })));
  };

  it('finds the same name and bytes only: not another name, other bytes, another kind of entry or another service', () => {
    const [other, older, , newest] = outbox.enqueueMany([
      withSha('run-7.csv', OTHER_SHA),
      upload('run-7.csv'),
      upload('run-8.csv'),
      upload('run-7.csv'),
      webhook(1),
    ]);
    expect(sameUpload(outbox, 'run-7.csv', SHA, clock.now())).toEqual({
      id: newest,
      state: 'pending',
      at: clock.now(),
    });
    expect(sameUpload(outbox, 'run-7.csv', OTHER_SHA, clock.now())?.id).toBe(other);
    expect(sameUpload(outbox, 'run-9.csv', SHA, clock.now())).toBeNull();
    expect(outbox.uploadsOfFile('pending', 'run-7.csv', SHA).map((e) => e.id)).toEqual([newest, older]);

    service = 'https://elsewhere.example';
    expect(sameUpload(outbox, 'run-7.csv', SHA, clock.now())).toBeNull();
  });

  it("finds a plate record's file, in its plate's own lane, as the Upload screen's", () => {
    const [record] = outbox.enqueueMany([
      { ...upload('PLATE_PL-1_2026-11-28_101500.csv'), fileSource: RECORD_FILE_SOURCE } as Intent,
    ]);
    expect(outbox.get(record!)?.target).not.toBe(JSON.stringify(['file-upload']));
    expect(sameUpload(outbox, 'PLATE_PL-1_2026-11-28_101500.csv', SHA, clock.now())?.id).toBe(record);
  });

  it('prefers an open upload to a sent one, and forgets one sent longer ago than the window', () => {
    const [first, second] = outbox.enqueueMany([upload('run-7.csv'), upload('run-7.csv')]);
    sent([second!]);
    expect(sameUpload(outbox, 'run-7.csv', SHA, clock.now())).toMatchObject({ id: first, state: 'pending' });
    sent([first!]);
    const at = clock.now();
    expect(sameUpload(outbox, 'run-7.csv', SHA, at)).toEqual({ id: second, state: 'done', at });
    expect(sameUpload(outbox, 'run-7.csv', SHA, at + SAME_UPLOAD_SENT_MS + 1)).toBeNull();
  });

  it('passes over an entry whose payload is not JSON (a damaged file), and finds the file in the others', () => {
    const [good, damaged] = outbox.enqueueMany([upload('run-7.csv'), upload('run-7.csv')]);
    outbox.db.prepare(`UPDATE entries SET payload = '{"fileName":"run-7.csv", not json' WHERE id = ?`).run(damaged);
    expect(sameUpload(outbox, 'run-7.csv', SHA, clock.now())?.id).toBe(good);
  });

  it("reads the service's upload lanes of the (service, state, target) index, not every entry in the state", () => {
    const plan = planOf(outbox.db, prepareStatements(outbox.db).uploadsOfFile, service, 'done', 'a', SHA);
    expect(plan).toMatch(
      /^SEARCH entries USING INDEX entries_service_state \(service=\? AND state=\? AND target>\? AND target<\?\)/,
    );
  });
});
