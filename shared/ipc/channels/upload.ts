import { z } from 'zod';
import { channel } from '../channel.js';
import { enqueueKey, outboxEntryState, readFrom } from './outbox.js';

/** Bytes per staged chunk before base64: keeps one message well under the WebSocket limit. */
export const STAGE_CHUNK_BYTES = 512 * 1024;
/** The largest file main stages for upload (main/staging owns the check). */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024 * 1024;

/**
 * An upload of the same file (name and contents) already in the outbox for the service in use, open or
 * sent lately (main/staging/same-upload.ts): the page asks "Upload again?" before it queues the copy.
 * `at`: when it was sent (done), else when it was queued (epoch ms).
 */
export const sameUpload = z.strictObject({ id: z.number().int(), state: outboxEntryState, at: z.number() });
export type SameUpload = z.infer<typeof sameUpload>;

/** A staged copy, its ticket for upload.enqueue, and the same file already uploaded, if any. */
const staged = z.strictObject({
  stagedId: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  sameAs: sameUpload.optional(),
});

/**
 * Uploads: the browser host has no file paths, so the renderer streams a dropped file's bytes to
 * main in chunks and main stages them in the app data dir; in Electron a dialog-picked file (by
 * its opaque id from files.pickForUpload) is staged by main directly. Either way the renderer
 * then queues the staged copy, never a path.
 */
export const uploadChannels = {
  'upload.stageBegin': channel({
    // The size bound is main's staging to check (with a message naming the file and the limit).
    request: z.strictObject({
      name: z.string().min(1).max(255),
      size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    }),
    response: z.strictObject({ stagingId: z.string() }),
  }),
  'upload.stageChunk': channel({
    request: z.strictObject({
      stagingId: z.string().max(64),
      offset: z.number().int().nonnegative(),
      base64: z.string().max(Math.ceil(STAGE_CHUNK_BYTES / 3) * 4 + 4),
    }),
    response: z.strictObject({ received: z.number().int() }),
    maxBytes: STAGE_CHUNK_BYTES * 2,
  }),
  'upload.stageFinish': channel({
    request: z.strictObject({ stagingId: z.string().max(64) }),
    response: staged,
  }),
  /**
   * The page gives up on a staging it began (it could not read the dropped file: changed on disk, a
   * folder): main closes the copy's descriptor, removes its .partial and frees its slot now, not after
   * the idle limit. An id main no longer knows (finished, aborted, expired) is answered all the same.
   */
  'upload.stageAbort': channel({
    request: z.strictObject({ stagingId: z.string().max(64) }),
    response: z.strictObject({}),
  }),
  'upload.stagePicked': channel({
    request: z.strictObject({ fileId: z.string().max(64) }),
    response: staged,
  }),
  /**
   * Queues a staged file in the outbox (durable before it answers). `readFrom`: the service the page
   * added it for (outbox.ts); refused, with the staged copy kept for another try, unless that is still
   * the service in use: a switch in Settings while the file was being copied does not send it to the new one.
   */
  'upload.enqueue': channel({
    request: z.strictObject({
      stagedId: z.string().max(64),
      /** As outbox.enqueue's: a resend after a lost answer gets the entry the first one committed. */
      key: enqueueKey.optional(),
      isGlobal: z.boolean().optional(),
      fileSource: z.string().max(100).optional(),
      readFrom: readFrom.optional(),
    }),
    response: z.strictObject({ id: z.number().int() }),
  }),
};

/**
 * How far main is in sending queued upload `id` to the service: `sent` of `total` bytes of its request.
 * Told at most a few times a second (main/sync/upload-progress.ts), and once all is sent.
 */
export const uploadSendProgress = z.strictObject({
  id: z.number().int(),
  sent: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type UploadSendProgress = z.infer<typeof uploadSendProgress>;

/** Every event main pushes about uploads, with its payload schema (spread into the contract's EVENTS). */
export const uploadEvents = {
  'upload.sendProgress': uploadSendProgress,
};
