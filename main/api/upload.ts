import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { FILE_SOURCE_DEFAULT, storeAndEmbedFields } from '../../shared/api/files.js';
import { ValidationError } from './errors.js';
import type { UploadProgress } from './request.js';
import { describeIssues } from './validate.js';

export interface UploadFile {
  /** A file on disk; it is streamed, never read into memory whole. */
  path: string;
  /** Name the service sees; defaults to the file's base name. */
  name?: string;
}

export interface UploadRequest {
  files: UploadFile[];
  isGlobal?: boolean;
  fileSource?: string;
}

export interface UploadOptions {
  signal?: AbortSignal;
  /** Idle timeout: how long the transfer may stall, not how long it may take. */
  timeoutMs?: number;
  onProgress?: (progress: UploadProgress) => void;
}

export interface PreparedUpload {
  /** Builds the multipart body; file parts are file-backed Blobs read lazily while sending. */
  form: () => Promise<FormData>;
  totalBytes: number;
}

/**
 * Checks the form fields and that every file exists before anything is sent, so a bad file fails
 * alone with its name instead of as an anonymous server rejection after a long transfer. The
 * extension is not checked: the service stores every file and only embeds the supported types.
 */
export async function prepareUpload(request: UploadRequest): Promise<PreparedUpload> {
  const fail = (reason: string): never => {
    throw new ValidationError('invalid upload', { endpoint: 'storeAndEmbedFiles', reason });
  };
  if (request.files.length === 0) fail('files: at least one file is required');
  const fields = storeAndEmbedFields.safeParse({
    ...(request.isGlobal === undefined ? {} : { isGlobal: String(request.isGlobal) }),
    fileSource: request.fileSource ?? FILE_SOURCE_DEFAULT,
  });
  if (!fields.success) fail(describeIssues(fields.error));

  const entries: Array<{ path: string; name: string }> = [];
  let totalBytes = 0;
  for (const file of request.files) {
    const name = file.name ?? basename(file.path);
    const info = await stat(file.path).catch(() => null);
    if (!info?.isFile()) fail(`${name}: file not found or not a regular file`);
    totalBytes += info?.size ?? 0;
    entries.push({ path: file.path, name });
  }

  const form = async (): Promise<FormData> => {
    const data = new FormData();
    for (const entry of entries) {
      // openAsBlob gives a Blob backed by the file: form-data-encoder streams it chunk by chunk.
      data.append('files', await openAsBlob(entry.path), entry.name);
    }
    if (fields.data?.isGlobal !== undefined) data.append('isGlobal', fields.data.isGlobal);
    data.append('fileSource', fields.data?.fileSource ?? FILE_SOURCE_DEFAULT);
    return data;
  };
  return { form, totalBytes };
}
