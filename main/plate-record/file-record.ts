import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CachedManifest } from '../../shared/ipc/channels/cache.js';
import {
  RECORD_FILE_SOURCE,
  type PageRef,
  type PlateRecord,
  type RecordFile,
} from '../../shared/ipc/channels/plate-record.js';
import { SUPPLIED_LATER } from '../../shared/outbox/dependency.js';
import type { Intent } from '../../shared/outbox/intents.js';
import { writeFileAtomic } from '../common/atomic-file.js';
import { safeFileNamePart } from '../common/safe-file-name.js';
import type { Outbox } from '../outbox/index.js';
import { stageFile, uploadIntent } from '../staging/index.js';
import { platePng } from './plate-picture.js';
import { gridCsv, wellTableCsv } from './record-tables.js';
import { recordBuiltOn } from './record-basis.js';
import { recordWells } from './record-wells.js';

export interface PlateRecordDeps {
  /** The plate with this computer's queued changes (the read cache's manifest answer). */
  manifest(uuid: string): Promise<CachedManifest | null>;
  outbox: Outbox;
  /** Kept records, one folder each (in the data dir): the user's copy, never removed by the app. */
  recordsDir: string;
  /** Upload copies (the outbox sends these; they go once confirmed). */
  stagingDir: string;
  now(): number;
}

/**
 * A record's folder is PLATE_<hrid>_<day>_<time>, its files PLATE_<hrid>_<day>…; names are made here,
 * never from renderer text beyond the plate's hrid, made safe.
 */
export function recordNames(hrid: string, at: number): { base: string; folder: string } {
  const iso = new Date(at).toISOString();
  const base = `PLATE_${safeFileNamePart(hrid)}_${iso.slice(0, 10)}`;
  return { base, folder: `${base}_${iso.slice(11, 19).replace(/:/g, '')}` };
}

/** The plate a record folder is for. An hrid may hold underscores: the day and time come off the end. */
export function plateOfFolder(folder: string): string {
  const m = /^PLATE_(.+)_\d{4}-\d{2}-\d{2}_\d{6}$/.exec(folder);
  return m ? m[1]! : folder.replace(/^PLATE_/, '');
}

/**
 * Builds the record of a completed plate (the per-well table, the grid, the picture), keeps it in the
 * records folder, and queues its filing in one commit: the three uploads, then the attach-image of the
 * picture to the notebook page, which waits for the picture's file id (an outbox dependency). Works
 * offline: everything is local until the queue sends it. The record states the plate's queued well
 * changes as landed, so its entries wait until the service has accepted every one of them, and are not
 * sent if one is refused (see recordBuiltOn).
 */
export async function fileRecord(d: PlateRecordDeps, plateUuid: string, page: PageRef): Promise<PlateRecord> {
  const m = await d.manifest(plateUuid);
  if (!m) throw new Error('That plate is not known here (open it once while online)');
  const builtOn = recordBuiltOn(m);
  const at = d.now();
  const wells = recordWells(m, (id) => d.outbox.get(id)?.createdAt ?? null);
  const { base, folder: folderName } = recordNames(m.hrid, at);
  const folder = path.join(d.recordsDir, folderName);
  await mkdir(folder, { recursive: true });
  const files: { name: string; kind: RecordFile['kind']; bytes: Buffer }[] = [
    { name: `${base}.csv`, kind: 'wells', bytes: Buffer.from(wellTableCsv(wells)) },
    { name: `${base}_grid.csv`, kind: 'grid', bytes: Buffer.from(gridCsv(wells, m)) },
    { name: `${base}.png`, kind: 'picture', bytes: platePng(m, wells, new Date(at)) },
  ];
  const intents: Intent[] = [];
  for (const f of files) {
    const kept = path.join(folder, f.name);
    await writeFileAtomic(kept, f.bytes);
    const staged = await stageFile(kept, d.stagingDir, f.name);
    intents.push(uploadIntent(staged, f.name, { fileSource: RECORD_FILE_SOURCE }));
  }
  const picture = files[2]!;
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
  const entries = d.outbox.enqueueMany(intents, {
    dependencies: [{ entry: 3, after: 2, supplies: { field: 'request.image_uuid', from: 'fileId' } }],
    builtOn,
  });
  return {
    folder: folderName,
    plate: m.hrid,
    createdAt: at,
    files: files.map((f) => ({ name: f.name, kind: f.kind, size: f.bytes.length })),
    entries,
  };
}

/** Kept records, newest first (what the Outbox and Well fill screens link to). */
export async function listRecords(recordsDir: string): Promise<Omit<PlateRecord, 'entries'>[]> {
  let names: string[];
  try {
    names = await readdir(recordsDir);
  } catch {
    return [];
  }
  const out: Omit<PlateRecord, 'entries'>[] = [];
  for (const folder of names.filter((n) => n.startsWith('PLATE_'))) {
    const dir = path.join(recordsDir, folder);
    const inside = await readdir(dir).catch(() => [] as string[]);
    const files: RecordFile[] = [];
    for (const name of inside) {
      const kind = name.endsWith('_grid.csv')
        ? 'grid'
        : name.endsWith('.csv')
          ? 'wells'
          : name.endsWith('.png')
            ? 'picture'
            : null;
      if (kind) files.push({ name, kind, size: (await stat(path.join(dir, name))).size });
    }
    const created = (await stat(dir)).mtimeMs;
    out.push({ folder, plate: plateOfFolder(folder), createdAt: Math.round(created), files });
  }
  return out.sort((a, b) => b.createdAt - a.createdAt);
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
 * A kept file's bytes by record folder and file name; neither may leave the records folder. Without a
 * folder (an Outbox entry knows only the file's name), the newest record holding that name.
 */
export async function readRecordFile(recordsDir: string, folder: string | undefined, name: string): Promise<Buffer> {
  if (folder === undefined) {
    const holder = (await listRecords(recordsDir)).find((r) => r.files.some((f) => f.name === name));
    if (!holder) throw new Error(`${name} is not kept on this computer`);
    folder = holder.folder;
  }
  if (!isPlainRecordName(folder) || !isPlainRecordName(name)) throw new Error('Not a record file');
  return readFile(path.join(recordsDir, folder, name));
}
