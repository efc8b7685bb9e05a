import { lstat, mkdir, mkdtemp, readdir, readFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import type { PlateRecord, RecordFile } from '../../shared/ipc/channels/plate-record.js';
import { safeFileNamePart } from '../common/safe-file-name.js';
import { localClock, localDay, localTimeOf } from './local-time.js';

/**
 * A record's folder and its files are PLATE_<hrid>_<day>_<time>…, by the bench's own clock
 * (local-time.ts); names are made here, never from renderer text beyond the plate's hrid, made safe.
 * The files carry the time too: a plate filed twice in a day gave the service two files of one name, and
 * a user told to look for an unsure upload's file there found the morning's. An hour the clock goes
 * through twice (summer time ending) names a folder taken already, and placeRecordFolder gives it the
 * next name.
 */
export function recordNames(hrid: string, at: number): { base: string; folder: string } {
  // At most HRID_CHARS of it: a name is at most 255 bytes, and a 230-character hrid could never be filed.
  const base = `PLATE_${safeFileNamePart(hrid).slice(0, HRID_CHARS)}_${localDay(at)}_${localClock(at).replace(/:/g, '')}`;
  return { base, folder: base };
}

/** The hrid's characters kept in a record's names (the record's files hold it whole). */
const HRID_CHARS = 120;

/**
 * The plate a record folder is for. An hrid may hold underscores: the day, the time and a second
 * record's `-2`, `-3`… come off the end.
 */
export function plateOfFolder(folder: string): string {
  const m = /^PLATE_(.+)_\d{4}-\d{2}-\d{2}_\d{6}(?:-\d+)?$/.exec(folder);
  return m ? m[1]! : folder.replace(/^PLATE_/, '');
}

/**
 * When a record was made, as its folder is named (recordNames: the bench's clock, to the second), or
 * null for a name of another shape. Not the folder's time on disk: that moves whenever anything in it
 * changes (a file opened and saved, a copy back from a backup), and the record was made once.
 */
export function madeAtOfFolder(folder: string): number | null {
  const m = /^PLATE_.+_(\d{4}-\d{2}-\d{2})_(\d{6})(?:-\d+)?$/.exec(folder);
  return m ? localTimeOf(m[1]!, m[2]!) : null;
}

/**
 * A record is built under a hidden name in the records folder, its unfiled mark and files inside, and
 * only then given its name (placeRecordFolder): a crash at any step leaves either nothing under a
 * record's name or a whole marked folder, never a record-named folder without its mark (which nothing
 * could tell from a filed record). A dot name, so no listing or channel shows it; in the records folder
 * itself, so the rename stays on one disk (a rename across disks is a copy, and not atomic).
 */
const BUILDING = '.building-';

/** Makes a new hidden folder to build a record in; answers its full path. */
export async function startRecordFolder(recordsDir: string): Promise<string> {
  await mkdir(recordsDir, { recursive: true });
  return mkdtemp(path.join(recordsDir, BUILDING));
}

/** Whether a records folder entry is a record still being built (at start: one a crash cut off). */
export const isBuildingFolder = (name: string): boolean => name.startsWith(BUILDING);

/**
 * Gives a built record folder its name and answers it: `folder`, or `folder-2`, `-3`… when a record of
 * the same plate was filed in the same second (a second press racing this one, a folder of an older
 * version). A rename never merges into an existing folder that holds anything: Linux and macOS refuse
 * it (ENOTEMPTY, EEXIST), Windows refuses any existing folder (EPERM); so whatever the code, a refusal
 * with the name taken means the next name. An empty folder Linux or macOS do rename over holds no record.
 */
export async function placeRecordFolder(recordsDir: string, built: string, folder: string): Promise<string> {
  for (let n = 1; ; n++) {
    const name = n === 1 ? folder : `${folder}-${n}`;
    try {
      await rename(built, path.join(recordsDir, name));
      return name;
    } catch (err) {
      const taken = await lstat(path.join(recordsDir, name)).then(
        () => true,
        () => false,
      );
      if (!taken) throw err;
    }
  }
}

/** A folder's place among records of one plate and second: 1, or its `-2`, `-3`… */
const nthOf = (folder: string): number => Number(/-(\d+)$/.exec(folder)?.[1] ?? 1);

const KIND_ORDER: readonly RecordFile['kind'][] = ['wells', 'grid', 'picture'];

/** Which of a record's files a name in its folder is, or null (anything else the folder holds). */
const kindOfFile = (name: string): RecordFile['kind'] | null =>
  name.endsWith('_grid.csv') ? 'grid' : name.endsWith('.csv') ? 'wells' : name.endsWith('.png') ? 'picture' : null;

/** A kept record's file of this kind, or null when its folder no longer holds one (deleted, or unreadable). */
export async function keptFile(recordsDir: string, folder: string, kind: RecordFile['kind']): Promise<Buffer | null> {
  if (!isPlainRecordName(folder)) return null;
  const name = (await readdir(path.join(recordsDir, folder)).catch(() => [] as string[])).find(
    (n) => kindOfFile(n) === kind,
  );
  return name === undefined ? null : readFile(path.join(recordsDir, folder, name)).catch(() => null);
}

/** A kept record as listed; `notFiled` says why, when its filing will never be sent as it is. */
export type KeptRecord = Omit<PlateRecord, 'entries'>;

/**
 * Kept records, newest first (what the Outbox and Well fill screens link to), the `limit` newest when
 * given: records are kept for good, so only the folders' times are read for all of them, and the
 * files of those answered. `notFiled`: why, by folder, a record's filing will never be sent as it is
 * (record-standing.ts), so it is not listed as a good record.
 */
export async function listRecords(
  recordsDir: string,
  limit = Infinity,
  notFiled: ReadonlyMap<string, string> = new Map(),
): Promise<KeptRecord[]> {
  let names: string[];
  try {
    names = await readdir(recordsDir);
  } catch {
    return [];
  }
  const folders: { folder: string; createdAt: number }[] = [];
  for (const folder of names.filter((n) => n.startsWith('PLATE_'))) {
    // One entry that cannot be read (a broken link, a folder made unreadable) costs only itself: it
    // failed the whole list, and the Outbox showed no kept record at all.
    const made = await stat(path.join(recordsDir, folder)).catch(() => null);
    if (made?.isDirectory()) folders.push({ folder, createdAt: madeAtOfFolder(folder) ?? Math.round(made.mtimeMs) });
  }
  // Two of one second (-2, -3…): the later name is the later record.
  folders.sort((a, b) => b.createdAt - a.createdAt || nthOf(b.folder) - nthOf(a.folder));
  const out: KeptRecord[] = [];
  for (const { folder, createdAt } of folders.slice(0, limit)) {
    const dir = path.join(recordsDir, folder);
    const inside = await readdir(dir).catch(() => [] as string[]);
    const files: RecordFile[] = [];
    for (const name of inside) {
      const kind = kindOfFile(name);
      const size = kind
        ? await stat(path.join(dir, name)).then(
            (s) => s.size,
            () => null,
          )
        : null;
      if (kind && size !== null) files.push({ name, kind, size });
    }
    // The order filing answers them in (table, grid, picture), whatever order the disk lists them in.
    files.sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
    const why = notFiled.get(folder);
    out.push({
      folder,
      plate: plateOfFolder(folder),
      createdAt,
      files,
      ...(why === undefined ? {} : { notFiled: why }),
    });
  }
  return out;
}

/**
 * Whether a page-given record folder or file name is one plain entry of the records folder: not a
 * path, and not `.`, `..` or any dot name (`path.basename('..')` is `'..'`, so basename alone is not
 * enough). The one rule for every channel that takes such a name.
 */
export function isPlainRecordName(name: string): boolean {
  return name.length > 0 && name === path.basename(name) && !name.startsWith('.');
}

/**
 * A kept file's bytes by record folder and file name; neither may leave the records folder. Always
 * both: a plate's records of one day share file names, so a name alone could open another record.
 */
export async function readRecordFile(recordsDir: string, folder: string, name: string): Promise<Buffer> {
  if (!isPlainRecordName(folder) || !isPlainRecordName(name)) throw new Error('Not a record file');
  return readFile(path.join(recordsDir, folder, name));
}
