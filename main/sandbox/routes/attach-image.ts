import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fileExtension } from '../../../shared/api/files.js';
import { invalid, notFound } from '../domain/service-error.js';
import type { SandboxContext } from '../http/context.js';
import { addRoute } from '../http/route.js';
import type { PageRecord } from '../store/eln.js';

/** Embeds an uploaded image into a protocol, experiment or documentation page. */
export function attachImageRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { store } = ctx;

  addRoute(app, ctx, 'attachImage', ({ input }) => {
    // Every identifier given must name the same page; the first that finds nothing is the 404.
    let page: PageRecord | null = null;
    for (const field of ['uuid', 'hrid', 'name'] as const) {
      const value = input[field];
      if (!value) continue;
      const found = store.eln.pageBy(field, value);
      if (found.length === 0) throw notFound(`no protocol, experiment or documentation page with ${field} "${value}"`);
      if (found.length > 1)
        throw invalid(`page ${field} "${value}" matches ${found.length} pages; use its uuid or hrid`);
      if (page && page.uuid !== found[0]!.uuid)
        throw invalid(`${field} "${value}" names a different page than the other identifiers`);
      page = found[0]!;
    }
    if (!page) throw invalid('one of name, hrid or uuid is required');

    const upload = store.uploads.byId(input.image_uuid);
    if (!upload || upload.path === null)
      throw notFound(
        `image_uuid "${input.image_uuid}" is not a stored upload; upload it with files/store-and-embed first`,
      );
    const extension = fileExtension(input.image_name) || input.image_mime_type.split('/')[1] || '';
    const tag = `<img data-lds-image="${upload.fileId}" alt="${input.image_name.replace(/"/g, '&quot;')}">`;
    const target: PageRecord = page;
    store.tx(() => {
      store.eln.setPageBody(target.uuid, `${target.body}${target.body ? '\n' : ''}${tag}`);
      store.eln.addImage({
        pageUuid: target.uuid,
        imageUuid: upload.fileId,
        imageName: input.image_name,
        mimeType: input.image_mime_type,
        position: input.position,
        tag: randomUUID(),
        attachedAt: store.now(),
      });
    });
    return {
      success: true,
      uuid: target.uuid,
      image_uuid: upload.fileId,
      extension,
      name: input.image_name,
      position: input.position,
    };
  });
}
