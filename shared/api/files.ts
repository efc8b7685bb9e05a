import { z } from 'zod';
import { answerOptionalText, answerText } from './primitives.js';

/**
 * The extensions the service queues for knowledge-base embedding. Any file is stored (spec: "Files are
 * stored and supported types are queued for knowledge-base embedding"), so this list never refuses one.
 */
export const SUPPORTED_EXTENSIONS = [
  'pdf',
  'docx',
  'xlsx',
  'xls',
  'csv',
  'pptx',
  'md',
  'txt',
  'html',
  'htm',
  'json',
  'jsonl',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'heic',
  'heif',
  'prism',
  'eds',
  'skax',
  'edt',
  'tif',
  'tiff',
  'g2i',
  'zip',
  'cs',
  'c',
  'asc',
  'kfx2',
  'msg',
  'emf',
  'cbz',
  'pse',
] as const;

export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The image types a notebook page can embed (attach-image), by extension, as IANA names them. */
const IMAGE_MIME_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  heic: 'image/heic',
  heif: 'image/heif',
};

/** The image's media type for attach-image, or null for a file that is no image a page embeds. */
export function imageMimeType(fileName: string): string | null {
  return IMAGE_MIME_TYPES[fileExtension(fileName)] ?? null;
}

/** Whether the service will queue this file for embedding as well as store it. */
export function isEmbeddable(fileName: string): boolean {
  return (SUPPORTED_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));
}

export const FILE_SOURCE_DEFAULT = 'AI Lab Drive';
/** The non-file parts of a store-and-embed form. isGlobal travels as a string holding a boolean. */
export const storeAndEmbedFields = z.strictObject({
  isGlobal: z.enum(['true', 'false']).optional(),
  fileSource: z.string().optional(),
});

export const FILE_STATUS = { queued: 'QUEUED', rejected: 'REJECTED' } as const;
/**
 * `fileId` (attach-image needs it) and `status` are what the app acts on. A refused file has nothing
 * stored, so a service may well leave its id out: read as absent. Such an answer read as unreadable
 * made the upload "accepted", and a refused file was shown as sent.
 */
export const fileUploadResult = z.object({
  fileName: answerOptionalText,
  fileId: answerOptionalText,
  ticketId: answerOptionalText,
  status: answerText,
  message: answerOptionalText,
});
export type FileUploadResult = z.infer<typeof fileUploadResult>;

/**
 * Whether a file's status says it was not stored. The spec names no status values: the sandbox's
 * REJECTED in any case, and the usual words for a failure, are refusals; anything else is stored.
 */
export function fileRefused(status: string): boolean {
  return /^(rejected|failed|failure|error)$/i.test(status.trim());
}
export const storeAndEmbedResponse = z.array(fileUploadResult);
