import type { FastifyInstance } from 'fastify';
import { findManifest, updateManifest } from '../domain/manifests.js';
import type { SandboxContext } from '../http/context.js';
import { addRoute } from '../http/route.js';

/** Manifest endpoints: metadata (with the layout and wells extras) and well updates. */
export function manifestRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { store } = ctx;

  addRoute(app, ctx, 'fetchManifestMetadata', ({ input }) => {
    const m = findManifest(store, input);
    return {
      name: m.name,
      template: m.template,
      uuid: m.uuid,
      hrid: m.hrid,
      barcode: m.barcode,
      emptySpaces: String(store.manifests.emptySpaces(m)),
      lastUpdate: m.lastUpdate,
      success: true,
      layout: m.layout,
      wells: store.manifests.wells(m.uuid).map((w) => ({
        position: w.position,
        sample: w.sampleId === null ? null : { id: w.sampleId, labsheet: w.sampleLabsheet ?? '' },
        tags: w.tags,
        label: w.label,
      })),
    };
  });

  addRoute(app, ctx, 'updateManifest', ({ input }) => {
    const { manifest, changed } = updateManifest(store, input);
    return {
      success: true,
      message: `${changed} well operation${changed === 1 ? '' : 's'} applied to ${manifest.hrid}`,
      data: { hrid: manifest.hrid, uuid: manifest.uuid },
    };
  });
}
