import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { invalid, notFound } from '../domain/service-error.js';
import type { SandboxContext } from '../http/context.js';
import { addRoute } from '../http/route.js';

/** Links labsheet rows (by row uuid) to a test of a labflow; every call is one new test step. */
export function labflowRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { store } = ctx;

  addRoute(app, ctx, 'linkSamplesToTest', ({ input, user }) => {
    if (!store.labflows.exists(input.labflowId)) throw notFound(`no labflow "${input.labflowId}"`);
    const test = store.labflows.test(input.labflowId, input.protocoltemplateId);
    if (!test) throw notFound(`labflow "${input.labflowId}" has no test "${input.protocoltemplateId}"`);
    if (input.sampleEntityUuid && !store.labsheets.byUuid(input.sampleEntityUuid)) {
      throw notFound(`sampleEntityUuid "${input.sampleEntityUuid}" is not a labsheet`);
    }
    const uuids = [...new Set(input.sampleUuids)];
    for (const [i, uuid] of uuids.entries()) {
      const row = store.rows.byUuid(uuid);
      if (!row) throw notFound(`sampleUuids: "${uuid}" is not the uuid of any labsheet row`);
      if (input.sampleEntityUuid && row.labsheetUuid !== input.sampleEntityUuid) {
        throw invalid(`sampleUuids[${i}]: row "${uuid}" does not belong to labsheet ${input.sampleEntityUuid}`);
      }
    }
    const performTestStepId = randomUUID();
    const linkedAt = store.now();
    store.labflows.addLinks(
      uuids.map((sampleUuid) => ({
        labflowId: input.labflowId,
        protocoltemplateId: input.protocoltemplateId,
        performTestStepId,
        sampleUuid,
        sampleEntityUuid: input.sampleEntityUuid ?? null,
        linkedBy: user.email,
        linkedAt,
      })),
    );
    return {
      success: true,
      message: `${uuids.length} sample${uuids.length === 1 ? '' : 's'} linked to test "${test.name}"`,
      performTestStepId,
      protocoltemplateId: input.protocoltemplateId,
      samplesLinked: uuids.length,
    };
  });
}
