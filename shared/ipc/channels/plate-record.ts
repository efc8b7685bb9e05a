import { z } from 'zod';
import { channel } from '../channel.js';
import { readFrom } from './outbox.js';

/** The longest page hrid and name a filing takes (the contract refuses longer; the page says why first). */
export const PAGE_LIMITS = { hrid: 200, name: 500 } as const;

/** The notebook page a record is attached to: by hrid (scanned or typed), name or uuid. */
export const pageRef = z.union([
  z.strictObject({ hrid: z.string().min(1).max(PAGE_LIMITS.hrid) }),
  z.strictObject({ name: z.string().min(1).max(PAGE_LIMITS.name) }),
  z.strictObject({ uuid: z.string().min(1).max(200) }),
]);
export type PageRef = z.infer<typeof pageRef>;

/**
 * Whether a scanned or typed text reads as a page's hrid: 2–6 letters, then one or more groups of digits
 * each after a hyphen (EXP-0001, EXP-2024-001). The spec says only "human-readable ID", and a service may
 * number its pages by year: read only as letters-hyphen-digits, EXP-2024-001 went as a page name, and the
 * picture was refused as not found minutes later. A group with letters in it stays a name: pages are
 * named so ("Covid-19-Assay", "HEK-293T", "ELISA-Plate-2"), and read as IDs they were refused instead.
 */
export const looksLikePageHrid = (text: string): boolean => /^[A-Z]{2,6}(?:-\d+)+$/i.test(text);

/**
 * The page a scanned or typed text names by its shape (an hrid as looksLikePageHrid reads one, anything
 * else a name), or why it cannot be one, in words for the bench: the contract's own refusal says only
 * "invalid payload".
 */
export function pageRefOf(text: string): { ref: PageRef } | { problem: string } {
  const t = text.trim();
  if (t === '') return { problem: 'Say which notebook page the record goes to (scan or type its ID, or its name)' };
  if (looksLikePageHrid(t)) {
    if (t.length > PAGE_LIMITS.hrid) return { problem: `A page ID is at most ${PAGE_LIMITS.hrid} characters` };
    return { ref: { hrid: t.toUpperCase() } };
  }
  if (t.length > PAGE_LIMITS.name)
    return {
      problem: `A page name is at most ${PAGE_LIMITS.name} characters (this one has ${t.length}): scan or type the page's ID instead`,
    };
  return { ref: { name: t } };
}

/**
 * The page an attach-image request names: a filing sends one identifier; of several, its hrid, else its
 * name, else its uuid. Null when it names none.
 */
export function pageOfAttach(r: {
  hrid?: string | undefined;
  name?: string | undefined;
  uuid?: string | undefined;
}): PageRef | null {
  return r.hrid !== undefined
    ? { hrid: r.hrid }
    : r.name !== undefined
      ? { name: r.name }
      : r.uuid !== undefined
        ? { uuid: r.uuid }
        : null;
}

/** Whether two page references name the page the same way (the same field, the same text). */
export const samePage = (a: PageRef, b: PageRef): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Where a filing's attach-image (its picture put into the page) sits among a record's `entries`. */
export const ATTACH_AT = 3;

export const recordFile = z.strictObject({
  name: z.string(),
  kind: z.enum(['wells', 'grid', 'picture']),
  size: z.number().int().nonnegative(),
});
export type RecordFile = z.infer<typeof recordFile>;

export const plateRecord = z.strictObject({
  /** The record's folder in the data dir's records folder (a name, never a path). */
  folder: z.string(),
  plate: z.string(),
  createdAt: z.number(),
  files: z.array(recordFile),
  /** The outbox entries filing it: three uploads, the attach-image (ATTACH_AT), then the plate.completed event. */
  entries: z.array(z.number().int()),
  /** Why its filing will never be sent as it is (a well change it states was refused), when so. */
  notFiled: z.string().optional(),
});
export type PlateRecord = z.infer<typeof plateRecord>;

const fileName = z.string().min(1).max(200);

/** Kept records `plateRecord.list` answers at most (when no smaller `limit` is asked). */
export const MAX_RECORDS_LISTED = 100;

/**
 * How main's answer that a press's record was filed already begins: the page shows it as it is, never as
 * "NOT RECORDED", which it is not.
 */
export const FILED_ALREADY = 'FILED ALREADY — ';

/** The fileSource a record's uploads carry (the Outbox links them to the kept copy): the intent's own. */
export { RECORD_FILE_SOURCE } from '../../outbox/intents.js';

export const plateRecordChannels = {
  /**
   * Builds the record of a plate, keeps it on disk and queues its filing into the notebook page with
   * the plate.completed event, all in one commit. `filing` names this press of the button (a uuid the
   * page keeps until it sees the answer): the same filing sent again answers the first record.
   * `readFrom`: the service the page read the plate from (outbox.ts); refused, with nothing built or
   * queued, once another service is in use.
   */
  'plateRecord.file': channel({
    request: z.strictObject({
      plateUuid: z.string().min(1).max(200),
      page: pageRef,
      filing: z.uuid(),
      readFrom: readFrom.optional(),
    }),
    response: plateRecord,
  }),
  /** The newest kept records first, at most `limit` (records are kept for good: the list only grows). */
  'plateRecord.list': channel({
    request: z.strictObject({ limit: z.number().int().min(1).max(MAX_RECORDS_LISTED).optional() }),
    response: z.array(plateRecord.omit({ entries: true })).max(MAX_RECORDS_LISTED),
    readOnly: true,
  }),
  /**
   * A kept file's bytes, for a download in the browser host: by record folder and file name, both, since
   * one plate's records of a day share file names.
   */
  'plateRecord.read': channel({
    request: z.strictObject({ folder: fileName, name: fileName }),
    response: z.strictObject({ base64: z.string() }),
    readOnly: true,
  }),
  /** Opens the record's folder in the file manager (Electron); the browser host answers unavailable. */
  'plateRecord.reveal': channel({
    request: z.strictObject({ folder: fileName }),
    response: z.strictObject({ ok: z.literal(true) }),
  }),
};
