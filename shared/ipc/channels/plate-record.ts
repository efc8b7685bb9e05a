import { z } from 'zod';
import { channel } from '../channel.js';

/** The notebook page a record is attached to: by hrid (scanned or typed), name or uuid. */
export const pageRef = z.union([
  z.strictObject({ hrid: z.string().min(1).max(200) }),
  z.strictObject({ name: z.string().min(1).max(500) }),
  z.strictObject({ uuid: z.string().min(1).max(200) }),
]);
export type PageRef = z.infer<typeof pageRef>;

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
  /** The outbox entries filing it: three uploads, then the attach-image. */
  entries: z.array(z.number().int()),
});
export type PlateRecord = z.infer<typeof plateRecord>;

const fileName = z.string().min(1).max(200);

/** The fileSource a record's uploads carry: the Outbox tells them by it and links to the kept copy. */
export const RECORD_FILE_SOURCE = 'Benchlink plate record';

export const plateRecordChannels = {
  /** Builds the record of a plate, keeps it on disk and queues its filing into the notebook page. */
  'plateRecord.file': channel({
    request: z.strictObject({ plateUuid: z.string().min(1).max(200), page: pageRef }),
    response: plateRecord,
  }),
  'plateRecord.list': channel({
    request: z.strictObject({}),
    response: z.array(plateRecord.omit({ entries: true })),
  }),
  /** A kept file's bytes, for a download in the browser host. Without a folder: the newest copy of that name. */
  'plateRecord.read': channel({
    request: z.strictObject({ folder: fileName.optional(), name: fileName }),
    response: z.strictObject({ base64: z.string() }),
  }),
  /** Opens the record's folder in the file manager (Electron); the browser host answers unavailable. */
  'plateRecord.reveal': channel({
    request: z.strictObject({ folder: fileName }),
    response: z.strictObject({ ok: z.literal(true) }),
  }),
};
