import { z } from 'zod';
import { answerOptionalText } from './primitives.js';

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
 * made the upload "accepted", and a refused file was shown as sent. So with a null or absent status
 * (read as empty: it says nothing, and with no file id the upload is unsure, fileOutcome).
 */
export const fileUploadResult = z.object({
  fileName: answerOptionalText,
  fileId: answerOptionalText,
  ticketId: answerOptionalText,
  status: answerOptionalText.transform((v) => v ?? ''),
  message: answerOptionalText,
});
export type FileUploadResult = z.infer<typeof fileUploadResult>;

/**
 * A file's status as words: camelCase, underscores and dashes split ("notStored", NOT_STORED and
 * "not-stored" all read "not stored"), lower case.
 */
function statusWords(status: string): string {
  return status
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Words anywhere in a status that say the file was not stored. The spec names no status values, so a
 * service says it its own way (UPLOAD_FAILED, "Failed to store", ERROR_STORAGE, NOT_STORED): matched
 * only whole, each of those settled the upload "Sent" and its staged copy, the only bytes left to send
 * again, was removed. "Not queued" or "not embedded" is no refusal: the spec stores every file and
 * only queues the supported types for embedding.
 */
const NOT_STORED_WORDS =
  /fail|error|reject|refus|invalid|denied|\bdeny|forbidden|blocked|abort|cancel|discard|quarantin|infected|too large|unstored|disallowed|\bnot ?allowed\b|\bnot ?(stored|saved|uploaded|accepted|received)\b/;

/**
 * Words that say the file was stored: the sandbox's QUEUED, and what a service may say for it
 * (STORED, SUCCESS, "Stored and queued for embedding"). Read only after NOT_STORED_WORDS: "not stored"
 * holds "stored".
 */
const STORED_WORDS =
  /\b(queued|stored|saved|uploaded|accepted|received|success|successful|succeeded|ok|complete|completed|done|created|processed|processing|embedded|embedding|indexed|indexing)\b/;

/** Whether a file's status says it was not stored (NOT_STORED_WORDS), in any case and spelling. */
export function fileRefused(status: string): boolean {
  return NOT_STORED_WORDS.test(statusWords(status));
}

/**
 * What a file's result says of it: `refused` when its status says it was not stored; `stored` when its
 * status says it was, or the service gave it an id (an id is the service's record of a stored file);
 * `unsure` otherwise: a status the app does not know, with no id, says nothing either way, and read as
 * stored it removed the only copy left to send again.
 */
export function fileOutcome(result: Pick<FileUploadResult, 'status' | 'fileId'>): 'stored' | 'refused' | 'unsure' {
  const words = statusWords(result.status);
  if (NOT_STORED_WORDS.test(words)) return 'refused';
  if (STORED_WORDS.test(words) || (result.fileId !== undefined && result.fileId.trim() !== '')) return 'stored';
  return 'unsure';
}
export const storeAndEmbedResponse = z.array(fileUploadResult);
