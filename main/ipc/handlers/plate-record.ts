import path from 'node:path';
import { MAX_RECORDS_LISTED, type plateRecordChannels } from '../../../shared/ipc/channels/plate-record.js';
import {
  AlreadyFiled,
  EarlierNotFiled,
  fileRecord,
  SameRecordFiled,
  UnfiledLeftoverError,
  type PlateRecordDeps,
} from '../../plate-record/file-record.js';
import { RecordRefused } from '../../plate-record/record-basis.js';
import { isPlainRecordName, listRecords, readRecordFile } from '../../plate-record/record-folders.js';
import { notFiledRecords } from '../../plate-record/record-standing.js';
import { ReadElsewhereError, WriteError } from '../../outbox/index.js';
import { IpcFailure } from '../failure.js';
import type { HandlersFor } from '../types.js';

/** Opens a folder in the system's file manager; only Electron has one to offer. */
export type RevealFolder = (folder: string) => Promise<void>;

/**
 * Why a kept file could not be read, in words for the bench: the system's own text names the data
 * folder's path ("ENOENT: … open '/home/…/records/…'"), which the page is never told.
 */
const notRead = (err: unknown): never => {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  const said =
    code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR'
      ? "That file is no longer in the record's folder: it was moved or deleted on this computer."
      : code === 'EACCES' || code === 'EPERM'
        ? 'Benchlink is not allowed to read that file any more: ask IT to let it read its data folder.'
        : code === undefined
          ? 'That is not a file of a plate record.'
          : 'The disk reported an error while reading that file. Try again; if it keeps failing, tell IT.';
  throw new IpcFailure('failed', said);
};

/**
 * A failed outbox write already says what was not saved (the record of PL-0001) and what to do; so do
 * an answer that the record was filed already (never "not filed") and one that the press before made a
 * record that is not sent. A press that can file nothing more under its id is answered `expired`: the
 * page starts a new press for the next one. A folder the failed filing could not take back is named,
 * for the user to delete: it was never sent.
 */
const notFiled = (err: unknown): never => {
  const failure = err instanceof UnfiledLeftoverError ? err.failure : err;
  const said =
    (failure instanceof WriteError && !(failure instanceof ReadElsewhereError)) ||
    failure instanceof AlreadyFiled ||
    failure instanceof EarlierNotFiled
      ? failure.message
      : `The record was not filed: ${failure instanceof Error ? failure.message : String(failure)}`;
  const spent = failure instanceof RecordRefused && failure.pressSpent;
  if (!(err instanceof UnfiledLeftoverError)) throw new IpcFailure(spent ? 'expired' : 'failed', said);
  throw new IpcFailure(
    'failed',
    `${said} The files made for this record were not sent, but could not be removed from this computer (${err.message}): ` +
      `delete the folder ${err.folder} yourself, so the plate keeps one record.`,
  );
};

/** Presses told their plate's record stands filed already, the newest kept (one per press shown). */
const ASKED_KEPT = 100;

export function plateRecordHandlers(
  d: PlateRecordDeps,
  reveal: RevealFolder | undefined,
): HandlersFor<typeof plateRecordChannels> {
  /**
   * Presses told the same record stands filed already (SameRecordFiled). The page keeps such a press (it
   * queued nothing), so the user's pressing again after reading that sends it again: a second record
   * asked for. In memory: after a restart the user is told again.
   */
  const asked = new Set<string>();
  const told = (filing: string) => (err: unknown) => {
    if (err instanceof SameRecordFiled) {
      asked.add(filing);
      if (asked.size > ASKED_KEPT) asked.delete(asked.values().next().value!);
    }
    return notFiled(err);
  };
  return {
    'plateRecord.file': ({ plateUuid, page, filing, readFrom }) =>
      fileRecord(d, plateUuid, page, filing, readFrom, { fileAgain: asked.has(filing) }).catch(told(filing)),
    'plateRecord.list': ({ limit }) =>
      listRecords(d.recordsDir, limit ?? MAX_RECORDS_LISTED, notFiledRecords(d.outbox)),
    'plateRecord.read': async ({ folder, name }) => ({
      base64: (await readRecordFile(d.recordsDir, folder, name).catch(notRead)).toString('base64'),
    }),
    'plateRecord.reveal': async ({ folder }) => {
      if (!reveal)
        throw new IpcFailure('unavailable', 'The browser host cannot open folders: download the files instead.');
      if (!isPlainRecordName(folder)) throw new IpcFailure('failed', 'Not a record folder.');
      await reveal(path.join(d.recordsDir, folder));
      return { ok: true };
    },
  };
}
