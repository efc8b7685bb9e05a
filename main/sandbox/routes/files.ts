import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import {
  FILE_SOURCE_DEFAULT,
  FILE_STATUS,
  fileExtension,
  isEmbeddable,
  storeAndEmbedFields,
  SUPPORTED_EXTENSIONS,
} from '../../../shared/api/files.js';
import { badRequest, invalid } from '../domain/service-error.js';
import type { SandboxContext } from '../http/context.js';
import { addRawRoute } from '../http/route.js';
import { parseInput } from '../http/validate.js';
import type { UploadRecord } from '../store/uploads.js';

/** Counts and hashes bytes on their way to disk, so a 200 MB upload is never held in memory. */
class Measure extends Transform {
  size = 0;
  readonly hash = createHash('sha256');
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    this.hash.update(chunk);
    done(null, chunk);
  }
}

async function discard(stream: NodeJS.ReadableStream): Promise<number> {
  let size = 0;
  for await (const chunk of stream) size += (chunk as Buffer).length;
  return size;
}

const FIELD_NAMES = new Set(['isGlobal', 'fileSource']);

/** files/store-and-embed: each file is QUEUED (supported extension, stored) or REJECTED (discarded). */
export function fileRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { store } = ctx;

  addRawRoute(app, ctx, 'storeAndEmbedFiles', async ({ request, user }) => {
    if (!request.isMultipart()) throw badRequest('send multipart/form-data with one or more parts named "files"');
    const fields: Record<string, string> = {};
    const files: Omit<UploadRecord, 'isGlobal' | 'fileSource' | 'uploadedBy' | 'uploadedAt'>[] = [];
    let parts = 0;
    try {
      for await (const part of request.parts()) {
        parts += 1;
        if (part.type === 'field') {
          if (!FIELD_NAMES.has(part.fieldname))
            throw invalid(`unknown form field "${part.fieldname}"; expected files, isGlobal, fileSource`);
          fields[part.fieldname] = String(part.value);
          continue;
        }
        const fileName = basename(part.filename ?? '');
        if (part.fieldname !== 'files' || fileName === '') {
          await discard(part.file);
          throw invalid(
            part.fieldname !== 'files'
              ? `file part "${part.fieldname}": files go in parts named "files"`
              : 'a "files" part has no filename',
          );
        }
        const fileId = randomUUID();
        const ticketId = randomUUID();
        if (!isEmbeddable(fileName)) {
          const size = await discard(part.file);
          const ext = fileExtension(fileName);
          files.push({
            fileId,
            ticketId,
            fileName,
            path: null,
            size,
            sha256: null,
            status: FILE_STATUS.rejected,
            message: `${ext ? `.${ext}` : 'a file without an extension'} is not supported for embedding; supported: ${SUPPORTED_EXTENSIONS.join(', ')}`,
          });
          continue;
        }
        // Stored under its fileId: no name collisions and no path tricks from the client's filename.
        const path = join(ctx.filesDir, fileId);
        const measure = new Measure();
        files.push({
          fileId,
          ticketId,
          fileName,
          path,
          size: 0,
          sha256: null,
          status: FILE_STATUS.queued,
          message: 'stored and queued for knowledge-base embedding',
        });
        await pipeline(part.file, measure, createWriteStream(path));
        Object.assign(files[files.length - 1]!, { size: measure.size, sha256: measure.hash.digest('hex') });
      }
      // Not one part: the body is not multipart under the boundary its Content-Type names.
      if (parts === 0)
        throw badRequest(
          'the multipart body has no parts: is it empty, or does it use another boundary than its Content-Type?',
        );
      const form = parseInput(storeAndEmbedFields, fields, 'body');
      if (files.length === 0) throw invalid('no file: send one or more parts named "files"');
      const uploadedAt = store.now();
      store.uploads.addMany(
        files.map((f) => ({
          ...f,
          isGlobal: form.isGlobal === 'true',
          fileSource: form.fileSource ?? FILE_SOURCE_DEFAULT,
          uploadedBy: user?.email ?? '',
          uploadedAt,
        })),
      );
    } catch (e) {
      await Promise.all(files.filter((f) => f.path !== null).map((f) => rm(f.path!, { force: true })));
      throw e;
    }
    return files.map((f) => ({
      fileName: f.fileName,
      fileId: f.fileId,
      ticketId: f.ticketId,
      status: f.status,
      message: f.message,
    }));
  });
}
