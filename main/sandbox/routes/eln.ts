import type { FastifyInstance } from 'fastify';
import { findFolder } from '../domain/labsheets.js';
import { conflict, invalid, notFound } from '../domain/service-error.js';
import type { SandboxContext } from '../http/context.js';
import { addRoute } from '../http/route.js';
import { folderLocation, type FolderRecord, type LabspaceRecord } from '../store/eln.js';
import { attachImageRoutes } from './attach-image.js';

/** Labspaces and folders, including Super Admin permission removal on private folders. */
export function elnRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { store } = ctx;

  addRoute(app, ctx, 'createLabspace', ({ input }) => {
    const name = input.name.trim();
    if (store.eln.labspacesByName(name).length > 0) throw conflict(`a labspace named "${name}" already exists`);
    const ls = store.eln.createLabspace({ name, description: input.description ?? '' });
    return { success: true, ...ls };
  });

  addRoute(app, ctx, 'fetchLabspaceList', () => {
    const items = store.eln.labspaces();
    return { items, total: items.length, success: true };
  });

  addRoute(app, ctx, 'fetchLabspace', ({ input }) => {
    let found: LabspaceRecord | null = null;
    if (input.uuid) {
      found = store.eln.labspaceByUuid(input.uuid);
      if (!found) throw notFound(`no labspace with uuid "${input.uuid}"`);
      if (input.name && found.name !== input.name)
        throw notFound(`labspace ${input.uuid} is not named "${input.name}"`);
    } else {
      const byName = store.eln.labspacesByName(input.name ?? '');
      if (byName.length === 0) throw notFound(`no labspace named "${input.name}"`);
      if (byName.length > 1)
        throw conflict(`labspace name "${input.name}" matches ${byName.length} labspaces; use its uuid`);
      found = byName[0]!;
    }
    return { success: true, data: found };
  });

  addRoute(app, ctx, 'fetchFolder', ({ input }) => {
    let folder: FolderRecord | null;
    if (input.uuid) {
      folder = store.eln.folderByUuid(input.uuid);
      if (!folder) throw notFound(`no folder with uuid "${input.uuid}"`);
      if (input.name && folder.name !== input.name) throw notFound(`folder ${input.uuid} is not named "${input.name}"`);
    } else {
      // A name matching several folders is the spec's Conflict case.
      const byName = store.eln.foldersByName(input.name ?? '');
      if (byName.length === 0) throw notFound(`no folder named "${input.name}"`);
      if (byName.length > 1)
        throw conflict(
          `folder name "${input.name}" matches ${byName.length} folders (${byName.map(folderLocation).join(', ')}); use its uuid`,
        );
      folder = byName[0]!;
    }
    return { success: true, name: folder.name, uuid: folder.uuid, location: folderLocation(folder) };
  });

  addRoute(app, ctx, 'removeFolderPermissions', ({ input, user }) => {
    // The table has no "forbidden"; 401/403 would make a client think its token is bad (DESIGN choice).
    if (!user.superAdmin) throw invalid('Super Admin permission required');
    const folder = input.uuid ? store.eln.folderByUuid(input.uuid) : null;
    if (input.uuid && !folder) throw notFound(`no folder with uuid "${input.uuid}"`);
    const target = folder ?? findFolderByLocation(ctx, input.location ?? '');
    if (!target.private)
      throw invalid(
        `folder "${folderLocation(target)}" is not private; permissions can only be removed from private folders`,
      );
    if ((input.teams?.length ?? 0) > 0) throw invalid('teams are not supported by this service; remove users by email');
    const holders = new Set(store.eln.permissions(target.uuid));
    const emails = (input.users ?? []).map((u) => u.email.toLowerCase());
    const missing = emails.find((e) => !holders.has(e));
    if (missing !== undefined)
      throw invalid(`user ${missing} has no permission on folder "${folderLocation(target)}" and cannot be removed`);
    store.eln.revoke(target.uuid, emails);
    return { success: true };
  });

  attachImageRoutes(app, ctx);
}

function findFolderByLocation(ctx: SandboxContext, location: string): FolderRecord {
  const found = ctx.store.eln.foldersByLocation(location);
  if (found.length === 0) return findFolder(ctx.store, location);
  if (found.length > 1) throw conflict(`location "${location}" matches ${found.length} folders; use its uuid`);
  return found[0]!;
}
