import { RECORD_FILE_SOURCE } from '../outbox/intents.js';

/**
 * What to do about an upload whose staged copy is gone or changed. A plate record's file has no file to
 * upload by hand: it is made again by filing the record again ("upload the file again" sent the user
 * looking for an upload that does not exist).
 */
export function stagedCopyLostAdvice(fileSource: unknown): string {
  return fileSource === RECORD_FILE_SOURCE
    ? 'Discard it and file the plate record again (Well fill → Plate completed).'
    : 'Discard it and upload the file again.';
}
