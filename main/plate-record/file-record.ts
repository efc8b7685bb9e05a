import path from 'node:path';
import type { CachedManifest } from '../../shared/ipc/channels/cache.js';
import {
  FILED_ALREADY,
  RECORD_FILE_SOURCE,
  type PageRef,
  type PlateRecord,
  type RecordFile,
} from '../../shared/ipc/channels/plate-record.js';
import { SUPPLIED_LATER } from '../../shared/outbox/dependency.js';
import type { Intent } from '../../shared/outbox/intents.js';
import { writeFileAtomic } from '../common/atomic-file.js';
import { toWriteError } from '../common/write-error.js';
import type { Logger } from '../common/logger.js';
import type { Outbox } from '../outbox/index.js';
import { refuseReadElsewhere } from '../outbox/read-elsewhere.js';
import { removeStaged, stageFile, uploadIntent } from '../staging/index.js';
import { platePng } from './plate-picture.js';
import { contentOf, gridCsv, wellTableCsv } from './record-tables.js';
import { recordBuiltOn, RecordRefused, statesWell } from './record-basis.js';
import { sameRecordFiled } from './filed-before.js';
import {
  dedupeKeyOf,
  filedAs,
  filingEntriesOf,
  isFiled,
  pageFiledTo,
  pageSaid,
  samePage,
  FILING_DEPENDENCIES,
  PICTURE_AT,
} from './filing-entries.js';
import { localClock, localDay } from './local-time.js';
import { listRecords, placeRecordFolder, recordNames, startRecordFolder } from './record-folders.js';
import { ownViewStands } from './record-view.js';
import { plateAsLeftHere } from '../cache/plate-left-here.js';
import { unknownUsed } from '../../shared/plate-map/unknown-used.js';
import { recordWells, type RecordWell } from './record-wells.js';
import { placedHere } from './placed-here.js';
import { notFiledOf } from './record-standing.js';
import { markFiled, markUnfiled, removeUnfiled } from './unfiled-records.js';

export interface PlateRecordDeps {
  /** The plate with this computer's queued changes (the read cache's manifest answer). */
  manifest(uuid: string): Promise<CachedManifest | null>;
  outbox: Outbox;
  /** Kept records, one folder each (in the data dir): the user's copy once filed, never removed by the app. */
  recordsDir: string;
  /** Upload copies (the outbox sends these; they go once confirmed). */
  stagingDir: string;
  now(): number;
  log: Logger;
}

/**
 * A filing that was not queued, whose folder could not be removed either: the user is told where it
 * is, so the plate does not end up with an unsent record beside the one filed next.
 */
export class UnfiledLeftoverError extends Error {
  override readonly name = 'UnfiledLeftoverError';
  constructor(
    /** Why the filing was not queued. */
    readonly failure: unknown,
    /** The leftover folder's full path. */
    readonly folder: string,
    /** Why it could not be removed (the message). */
    why: string,
  ) {
    super(why, { cause: failure });
  }
}

/** The event a filed record sends: the plate, how many wells hold something, and where its record is. */
function completedEvent(m: CachedManifest, wells: readonly RecordWell[], folder: string, at: number): Intent {
  const unknown = wells.filter((w) => contentOf(w) === 'unknown').length;
  // Offline, the wells are a saved copy's: a reader of the event knows how old they are.
  const copy: Record<string, string> = m.fromCache
    ? { wellsReadFromCopySavedAt: new Date(m.fetchedAt).toISOString() }
    : {};
  return {
    type: 'webhook',
    eventType: 'plate.completed',
    payload: {
      event: 'plate.completed',
      plate: m.hrid,
      uuid: m.uuid,
      barcode: m.barcode,
      filledWells: wells.filter((w) => contentOf(w) === 'sample' || contentOf(w) === 'label').length,
      ...(unknown > 0 ? { wellsUnknownHere: unknown } : {}),
      ...copy,
      record: folder,
      at: new Date(at).toISOString(),
    },
  };
}

// Where others find a filing's entries (the Outbox's links, the start-up sweep).
export { filingEntriesOf, filingOfEvent, isFiled, recordFolderOf } from './filing-entries.js';

/**
 * A press answered with a record filed before instead of a new one: its message says where that one
 * went and how to file another, whole (it is no failure to file).
 */
export class AlreadyFiled extends RecordRefused {
  override readonly name: string = 'AlreadyFiled';
  constructor(words: string, pressSpent = false) {
    super(FILED_ALREADY + words, pressSpent);
  }
}

/**
 * The same press sent again, whose filing no longer stands (taken out, built on a change that did not
 * happen) or waits for the user (an entry failed, or unsure whether it arrived): answered as queued, the
 * bench would take for filed a record that is not. Its message says why, as the Outbox does.
 */
export class EarlierNotFiled extends RecordRefused {
  override readonly name = 'EarlierNotFiled';
}

/**
 * A new press for a plate whose record, with the same wells, stands filed to the same page already:
 * nothing is filed, and the same press sent again (the user's "press again") files a second record.
 */
export class SameRecordFiled extends AlreadyFiled {
  override readonly name = 'SameRecordFiled';
}

/**
 * The record a filing already queued (the same press sent again: an answer lost, a double click), or
 * null. Its folder is in its event, committed with the entries, so nothing is written a second time.
 * Sent again for another page (corrected while the answer was lost), it is refused, naming the page it
 * goes to: answered as it is, the bench would take the record for filed on the page it named last.
 */
async function earlierFiling(d: PlateRecordDeps, filing: string, page: PageRef): Promise<PlateRecord | null> {
  const key = dedupeKeyOf(filing);
  const filed = filedAs(d.outbox, key);
  if (!filed) return null;
  const { folder, at } = filed;
  const went = pageFiledTo(d.outbox, key);
  if (went && !samePage(went, page))
    throw new AlreadyFiled(
      `The press before (its answer was lost) filed this record already, to ${pageSaid(went)}, kept as ${folder}: ` +
        `it goes to ${pageSaid(went)}, not ${pageSaid(page)}, as the Outbox shows. Press again to file the plate ` +
        `to ${pageSaid(page)} as well.`,
    );
  const entries = filingEntriesOf(d.outbox, key);
  if (entries.some((e) => e === null)) return null;
  const get = (id: number) => d.outbox.get(id);
  const not = notFiledOf(
    entries.map((id) => (id === null ? null : get(id))),
    get,
  );
  // One that will never be sent spends the press: the next one is a new filing (the page starts one).
  if (not)
    throw new EarlierNotFiled(
      `The press before (its answer was lost) made the record ${folder}. ${not.why}`,
      not.never,
    );
  const kept = (await listRecords(d.recordsDir)).find((r) => r.folder === folder);
  // Its folder deleted since (by the user: the app never removes a filed one): building it again would
  // answer a new folder its filing does not send, and the first answer's folder no longer exists.
  if (!kept)
    throw new AlreadyFiled(
      `This press filed the record already, as ${folder}, and that folder has since been deleted from this ` +
        'computer (what it queued still goes from the Outbox). Press again to file the plate for a new record.',
      true,
    );
  // When it was filed is what the first answer said (the folder's time moves with its files).
  return { ...kept, createdAt: Date.parse(at), entries: entries as number[] };
}

/**
 * A failure of the file system while the record is written (its records folder read-only, the disk
 * full), said as every failed write of Benchlink is, with what to do: the system's own text ("EPERM:
 * operation not permitted, mkdtemp '/…/records/.building-…'") names a hidden path and no remedy.
 * Anything else (the outbox's own WriteError included) is passed on as it is.
 */
function saidAsWrite(err: unknown, hrid: string): unknown {
  const e = err as NodeJS.ErrnoException | null;
  const system = err instanceof Error && typeof e?.code === 'string' && typeof e.syscall === 'string';
  return system ? toWriteError(err, `The record of ${hrid}`) : err;
}

/**
 * Takes back what a filing that queued nothing wrote (its folder, its staged copies), so it leaves
 * nothing and the plate keeps one record. The copies go through the staging's own removal (a copy
 * left is swept at the next start); answers why the folder could not be removed, or null.
 */
async function takeBack(d: PlateRecordDeps, folder: string, staged: readonly string[]): Promise<string | null> {
  for (const copy of staged)
    await removeStaged(copy).catch((err: unknown) =>
      d.log.warn('a staged copy of a record that was not filed could not be removed', {
        path: copy,
        error: String(err),
      }),
    );
  try {
    await removeUnfiled(folder);
    return null;
  } catch (err) {
    d.log.warn('the folder of a record that was not filed could not be removed', { folder, error: String(err) });
    // The folder is named once, by the caller: a system error's own text repeats the path after its comma.
    return err instanceof Error ? (err.message.split(',')[0] ?? err.message) : String(err);
  }
}

/**
 * Builds the record of a completed plate (the per-well table, the grid, the picture), keeps it in the
 * records folder, and queues its filing in one commit: the three uploads, the attach-image of the
 * picture to the notebook page, which waits for the picture's file id (an outbox dependency), and the
 * plate.completed event, which waits for every file stored and the picture on the page
 * (FILING_DEPENDENCIES). One commit, and the event's wait, so the event never goes without its record
 * (a crash between two commits, a file or picture refused) nor twice (a failed filing pressed again);
 * keyed by the filing, so a resent press answers the first. A plate whose layout is not known yet is
 * refused (the 8 × 12 stand-in would misplace its wells). A new press for a plate whose record with the same wells stands
 * filed to the same page files nothing (SameRecordFiled) unless `fileAgain`: the user asked for a
 * second one. Works offline: everything is local until the queue sends it. The record states the plate's queued well changes and
 * this computer's moves into it as landed, so its entries wait until the service has accepted every
 * one of them, and are not sent if one is refused (see recordBuiltOn). `readFrom`: the service the page
 * read the plate from; after a switch the plate's uuid is another service's, so nothing is built (the
 * read cache would ask the new service for it) and nothing queued.
 */
export function fileRecord(
  d: PlateRecordDeps,
  plateUuid: string,
  page: PageRef,
  filing: string,
  readFrom?: string,
  o: { fileAgain?: boolean } = {},
): Promise<PlateRecord> {
  return onePerPlate(d.outbox, plateUuid, () => buildAndQueue(d, plateUuid, page, filing, readFrom, o));
}

/**
 * Filings of one plate, one at a time: two windows pressing at once would each find no record standing
 * (sameRecordFiled) before either had queued its own. Per outbox, so two apps in one process do not wait
 * for each other.
 */
const filingNow = new WeakMap<Outbox, Map<string, Promise<unknown>>>();
function onePerPlate<T>(outbox: Outbox, plate: string, run: () => Promise<T>): Promise<T> {
  let plates = filingNow.get(outbox);
  if (!plates) filingNow.set(outbox, (plates = new Map()));
  // What it waits for never fails (`settled`): a failed filing does not fail the next.
  const mine = (plates.get(plate) ?? Promise.resolve()).then(run);
  const settled = mine.then(
    () => undefined,
    () => undefined,
  );
  plates.set(plate, settled);
  void settled.then(() => {
    if (plates.get(plate) === settled) plates.delete(plate);
  });
  return mine;
}

async function buildAndQueue(
  d: PlateRecordDeps,
  plateUuid: string,
  page: PageRef,
  filing: string,
  readFrom: string | undefined,
  o: { fileAgain?: boolean },
): Promise<PlateRecord> {
  const earlier = await earlierFiling(d, filing, page);
  if (earlier) return earlier;
  refuseReadElsewhere(readFrom, d.outbox.currentService());
  const m = await d.manifest(plateUuid);
  if (!m) throw new Error('That plate is not known here (open it once while online)');
  // The 8 × 12 stand-in put its wells in the wrong places, and left out a change outside it (P20).
  if (m.layoutFrom === 'unknown')
    throw new RecordRefused(
      `how plate ${m.hrid} is laid out is not known yet (its template "${m.template}" does not say), so its ` +
        'record would put its wells in the wrong places. Say its layout on Well fill (above the plate map), then ' +
        'file the record again.',
    );
  const builtOn = recordBuiltOn(m);
  const ownView = ownViewStands(d.outbox, m, plateAsLeftHere(d.outbox, m));
  const at = d.now();
  const wells = recordWells(m, (id) => d.outbox.get(id)?.createdAt ?? null, ownView, placedHere(d.outbox, m));
  const table = wellTableCsv(wells);
  // Without a last-change time the wells are unknown because the service cannot say, not because the
  // plate was seen changed: the picture's note says which.
  const changedElsewhere = !ownView && m.reading.lastUpdate !== null;
  const before = o.fileAgain
    ? null
    : await sameRecordFiled(d.outbox, d.recordsDir, m.uuid, page, table, {
        changedElsewhere,
        wellChanges: m.pending.filter(statesWell).map((c) => c.entryId),
      });
  if (before) {
    const when = Date.parse(before.at);
    // One unsure whether it arrived may be on the service: the user looks before a second goes unasked.
    const unsure =
      before.unsure === undefined ? '' : ` Its filing is unsure: ${before.unsure.replace(/^Maybe not filed: /, '')}`;
    throw new SameRecordFiled(
      `${m.hrid} was filed already with these same wells, to ${pageSaid(page)} at ${localClock(when).slice(0, 5)} ` +
        `on ${localDay(when)} (kept as ${before.folder}), so nothing new was filed.${unsure} Press again to file a ` +
        'second record of it anyway.',
    );
  }
  const names = recordNames(m.hrid, at);
  const base = names.base;
  const files: { name: string; kind: RecordFile['kind']; bytes: Buffer }[] = [
    { name: `${base}.csv`, kind: 'wells', bytes: Buffer.from(table) },
    { name: `${base}_grid.csv`, kind: 'grid', bytes: Buffer.from(gridCsv(wells, m)) },
    {
      name: `${base}.png`,
      kind: 'picture',
      // Used wells placed elsewhere: not those this computer's own moves put there (drawn in their wells).
      bytes: platePng(
        {
          ...m,
          unplacedUsed: unknownUsed(m),
          changedElsewhere,
          ...(m.fromCache ? { savedCopyAt: m.fetchedAt } : {}),
        },
        wells,
        new Date(at),
      ),
    },
  ];
  const key = dedupeKeyOf(filing);
  // Built under a hidden name, mark first, and named only when whole (see startRecordFolder).
  let folder = await startRecordFolder(d.recordsDir).catch((err: unknown) => {
    throw saidAsWrite(err, m.hrid);
  });
  let folderName: string | undefined;
  const staged: string[] = [];
  let entries: number[];
  try {
    await markUnfiled(folder, key);
    for (const f of files) await writeFileAtomic(path.join(folder, f.name), f.bytes);
    folderName = await placeRecordFolder(d.recordsDir, folder, names.folder);
    folder = path.join(d.recordsDir, folderName);
    const intents: Intent[] = [];
    for (const f of files) {
      const copy = await stageFile(path.join(folder, f.name), d.stagingDir, f.name);
      staged.push(copy.stagedPath);
      intents.push(uploadIntent(copy, f.name, { fileSource: RECORD_FILE_SOURCE }));
    }
    const picture = files[PICTURE_AT]!;
    intents.push({
      type: 'attach-image',
      request: {
        ...page,
        image_uuid: SUPPLIED_LATER,
        image_name: picture.name,
        image_mime_type: 'image/png',
        position: 'append',
      },
    });
    intents.push(completedEvent(m, wells, folderName, at));
    entries = d.outbox.enqueueMany(intents, {
      dedupeKey: key,
      // Checked again where the entries are bound: the service may have changed while the record was built.
      ...(readFrom === undefined ? {} : { readFrom }),
      dependencies: FILING_DEPENDENCIES,
      builtOn,
      // One thing to the bench, though its kinds are three: it is filed again as a whole.
      subject: { text: `The record of ${m.hrid}`, plural: false, thing: 'change' },
    });
  } catch (err) {
    // One commit: none of its entries exist, so a second filing makes the plate's one record. A named
    // folder that stays is named to the user; one still under its building name is no record, and the
    // next start removes it.
    const leftover = await takeBack(d, folder, staged);
    const said = saidAsWrite(err, m.hrid);
    throw leftover === null || folderName === undefined ? said : new UnfiledLeftoverError(said, folder, leftover);
  }
  if (!isFiled(d.outbox, key, folderName)) {
    // The same press sent again while this one was building (pressed again after a lost connection): the
    // first to commit is the record; this one's folder and copies are nothing's. Its mark, if the
    // folder stays, lets the next start remove it.
    await takeBack(d, folder, staged);
    const first = await earlierFiling(d, filing, page);
    if (first) return first;
  }
  // Committed: a mark left behind is cleared by the start-up sweep, which finds the filing queued.
  await markFiled(folder).catch((err: unknown) =>
    d.log.warn('a filed record folder kept its unfiled mark', { folder: folderName, error: String(err) }),
  );
  return {
    folder: folderName,
    plate: m.hrid,
    createdAt: at,
    files: files.map((f) => ({ name: f.name, kind: f.kind, size: f.bytes.length })),
    entries,
  };
}
