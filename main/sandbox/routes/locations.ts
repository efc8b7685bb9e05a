import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { LOCATION_STATUS_COMPLETED, type CreatedLocation } from '../../../shared/api/locations.js';
import { conflict, notFound } from '../domain/service-error.js';
import type { SandboxContext } from '../http/context.js';
import { addRoute } from '../http/route.js';

export const LOCATION_STATUS_IN_PROGRESS = 'IN_PROGRESS';

/**
 * Asynchronous location creation. The locations are written at create time (so the state is
 * consistent at once); only the status report waits `locationDelayMs` before saying COMPLETED,
 * which is what a client polling a real service must cope with.
 */
export function locationRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { store } = ctx;

  addRoute(app, ctx, 'createLocations', ({ input }) => {
    const created: CreatedLocation[] = store.tx(() => {
      return input.locations.map((l, i) => {
        const name = l.name.trim();
        let parentUuid: string | null = null;
        if (l.parent !== undefined && l.parent !== '') {
          const byUuid = store.locations.byUuid(l.parent) ?? store.manifests.find('uuid', l.parent);
          const byName = byUuid ? [] : store.locations.byName(l.parent);
          if (byName.length > 1)
            throw conflict(`locations[${i}].parent: "${l.parent}" names ${byName.length} locations; use its uuid`);
          const parent = byUuid ?? byName[0];
          if (!parent) throw notFound(`locations[${i}].parent: location "${l.parent}" does not exist`);
          parentUuid = parent.uuid;
        }
        const sibling = [...store.locations.byName(name)].find((x) => x.parentUuid === parentUuid);
        if (sibling)
          throw conflict(
            `locations[${i}]: a location named "${name}" already exists ${parentUuid ? 'under that parent' : 'at the top level'}`,
          );
        const rec = store.locations.create({ name, parentUuid });
        return { name: rec.name, uuid: rec.uuid };
      });
    });
    const now = store.clock();
    const requestId = randomUUID();
    store.locations.saveRequest({ requestId, createdMs: now, readyMs: now + ctx.locationDelayMs, created });
    return { success: true, requestId };
  });

  addRoute(app, ctx, 'fetchLocationCreateStatus', ({ input }) => {
    const req = store.locations.request(input.requestId);
    if (!req) throw notFound(`no location-create request "${input.requestId}"`);
    const n = req.created.length;
    if (store.clock() < req.readyMs) {
      return {
        success: true,
        requestId: req.requestId,
        status: LOCATION_STATUS_IN_PROGRESS,
        message: `creating ${n} location${n === 1 ? '' : 's'}`,
      };
    }
    return {
      success: true,
      requestId: req.requestId,
      status: LOCATION_STATUS_COMPLETED,
      message: `${n} location${n === 1 ? '' : 's'} created`,
      result: { created: req.created },
    };
  });
}
