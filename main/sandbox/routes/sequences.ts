import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { SEQUENCE_PAGE_SIZE_DEFAULT, type singleSequenceResponse } from '../../../shared/api/sequences.js';
import { invalid, notFound } from '../domain/service-error.js';
import type { SandboxContext } from '../http/context.js';
import { addRoute } from '../http/route.js';
import { publicSequence, type SequenceDoc } from '../store/sequences.js';

/** Sequence listing (page from 0) and the deprecated single fetch. */
export function sequenceRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { store } = ctx;

  addRoute<'listSequences', z.input<typeof singleSequenceResponse>>(app, ctx, 'listSequences', ({ input }) => {
    if (input.name !== undefined) {
      // With a name the listing answers one sequence (DESIGN: singleSequenceResponse).
      const doc = store.sequences.byName(input.name);
      if (!doc) throw notFound(`no sequence named "${input.name}"`);
      return { success: true, sequence: publicSequence(doc) };
    }
    const page = input.page ?? 0;
    const pageSize = input.pageSize ?? SEQUENCE_PAGE_SIZE_DEFAULT;
    const items = store.sequences.page(pageSize, page * pageSize).map((d) => {
      const s = publicSequence(d);
      return { name: s.name, type: s.type, uuid: s.uuid };
    });
    return { items, total: store.sequences.count(), success: true };
  });

  addRoute(app, ctx, 'fetchSequence', ({ input }) => {
    let doc: SequenceDoc | null;
    if (input.uuid) {
      doc = store.sequences.byUuid(input.uuid);
      if (!doc) throw notFound(`no sequence with uuid "${input.uuid}"`);
      if (input.name && doc.name !== input.name)
        throw invalid(`sequence ${input.uuid} is named "${doc.name}", not "${input.name}"`);
    } else {
      doc = store.sequences.byName(input.name ?? '');
      if (!doc) throw notFound(`no sequence named "${input.name}"`);
    }
    return { success: true, sequence: publicSequence(doc) };
  });
}
