import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createLabsheet, findLabsheet } from '../domain/labsheets.js';
import { conflict, invalid, notFound } from '../domain/service-error.js';
import type { SandboxContext } from '../http/context.js';
import { addRoute } from '../http/route.js';

/** Labsheet-level endpoints: create, list, convert to template, delete a column. */
export function labsheetRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { store } = ctx;

  addRoute(app, ctx, 'createLabsheet', ({ input, user, reply }) => {
    const sheet = store.tx(() => createLabsheet(store, input, user.email));
    // The one status difference the spec names between the modes.
    reply.code(ctx.mode === 'v2' ? 201 : 200);
    return { name: sheet.name, uuid: sheet.uuid, path: sheet.path, success: true };
  });

  addRoute(app, ctx, 'fetchLabsheetList', () => {
    const items = store.labsheets
      .list()
      .map((s) => ({ name: s.name, uuid: s.uuid, path: s.path, folder: s.folderUuid ?? '' }));
    return { items, total: items.length, success: true };
  });

  addRoute(app, ctx, 'labsheetToTemplate', ({ input, user }) => {
    const sheet = findLabsheet(store, input.labsheet);
    const name = input.templateName.trim();
    if (store.templates.byName(name)) throw conflict(`a template named "${name}" already exists`);
    // A template made from a labsheet in a private folder stays private.
    const isPrivate = sheet.folderUuid ? (store.eln.folderByUuid(sheet.folderUuid)?.private ?? false) : false;
    return store.tx(() => {
      const t = store.templates.create({
        uuid: randomUUID(),
        shortId: `TPL-${String(store.templates.count() + 1).padStart(4, '0')}`,
        name,
        labsheetUuid: sheet.uuid,
        createdBy: user.email,
        createdAt: store.now(),
        folderUuid: sheet.folderUuid,
      });
      return {
        uuid: t.uuid,
        Id: t.shortId,
        name: t.name,
        index: 'manager_templates',
        type: 'manager_template' as const,
        createdBy: t.createdBy,
        creationDate: t.createdAt,
        defaultAddRows: 1,
        editable: true,
        isPrivate,
        alerts: false,
        iconIndex: 0,
        folder: t.folderUuid ?? '',
        success: true,
      };
    });
  });

  addRoute(app, ctx, 'deleteColumn', ({ input }) => {
    const sheet = findLabsheet(store, input.labsheet);
    const column = store.labsheets.columns(sheet.uuid).find((c) => c.name === input.columnName);
    if (!column) throw notFound(`labsheet "${sheet.name}" has no column "${input.columnName}"`);
    if (column.type === 'ID')
      throw invalid(`column "${column.name}" is the labsheet's ID column and cannot be deleted`);
    store.labsheets.deleteColumn(column);
    return { success: true, name: column.name, uuid: column.uuid };
  });
}
