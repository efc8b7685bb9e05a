import type { FastifyInstance } from 'fastify';
import { fetchRowsQuery, ROW_PAGE_SIZE_DEFAULT, rowPaginationViolation } from '../../../shared/api/labsheets.js';
import { findLabsheet } from '../domain/labsheets.js';
import { rowsByIdOrBarcode } from '../domain/row-lookup.js';
import { applyRowUpdates, groupRowUpdates } from '../domain/row-updates.js';
import { invalid, notFound } from '../domain/service-error.js';
import type { SandboxContext } from '../http/context.js';
import { addRawRoute, addRoute } from '../http/route.js';
import { parseInput } from '../http/validate.js';
import type { Json } from '../answers/json.js';

/** A query number: absent or empty means the default; anything else must parse (NaN fails the rules). */
const queryNumber = (v: unknown, fallback: number): number =>
  v === undefined || v === '' ? fallback : typeof v === 'string' ? Number(v) : NaN;

/** Row-level endpoints: list rows, update rows by ID, attach a sequence to a row. */
export function rowRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { store } = ctx;

  addRawRoute(app, ctx, 'fetchLabsheetRows', ({ request, reply }) => {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    const pageSize = queryNumber(raw.pageSize, ROW_PAGE_SIZE_DEFAULT);
    const page = queryNumber(raw.page, 1);
    // The spec's one exception to the error table: pagination violations are a plain-string 400.
    const violation = rowPaginationViolation(page, pageSize);
    if (violation) {
      reply.code(400).type('text/plain; charset=utf-8');
      return violation;
    }
    const q = parseInput(fetchRowsQuery, raw, 'query');
    const sheet = findLabsheet(store, q.labsheet);
    const filter = q.archived ?? 'any';
    const columns = store.labsheets.columns(sheet.uuid);
    const labspace = sheet.folderUuid ? (store.eln.folderByUuid(sheet.folderUuid)?.labspaceName ?? null) : null;
    const rows = store.rows.pageJson(sheet.uuid, columns, filter, pageSize, (page - 1) * pageSize, labspace);
    const headers = JSON.stringify(['uuid', ...columns.map((c) => c.name)]);
    // Legacy answers success as the string "true" (the spec allows both); clients must accept either.
    const success = ctx.mode === 'legacy' ? '"true"' : 'true';
    // The rows arrive as JSON texts from SQLite; the body is assembled, not re-serialised.
    reply.type('application/json; charset=utf-8');
    const body = `{"headers":${headers},"rows":[${rows.join(',')}],"total":${store.rows.count(sheet.uuid, filter)},"success":${success}}`;
    if (ctx.answers.profile !== 'varied') return body;
    // Varied answers are re-serialised: cells as real services send them, then the generic variations.
    const listed = JSON.parse(body) as { headers: string[]; rows: Json };
    const types = [null, ...columns.map((c) => c.type)];
    const shaped = ctx.answers.success('fetchLabsheetRows', {
      ...listed,
      rows: ctx.answers.rowCells(listed.rows, types),
    });
    return JSON.stringify(shaped.body);
  });

  addRoute(app, ctx, 'updateRowsById', ({ input }) => {
    const sheet = findLabsheet(store, input.labsheet);
    const groups = groupRowUpdates(store.labsheets.columns(sheet.uuid), input.rows);
    return applyRowUpdates(store, sheet, groups);
  });

  addRoute(app, ctx, 'addSequenceToRow', ({ input }) => {
    const sheet = findLabsheet(store, input.labsheet);
    const column = store.labsheets.columns(sheet.uuid).find((c) => c.name === input.sequenceColumn);
    if (!column) throw notFound(`labsheet "${sheet.name}" has no column "${input.sequenceColumn}"`);
    if (column.type !== 'SEQUENCE_DATA')
      throw invalid(`sequenceColumn: column "${column.name}" is ${column.type}, not SEQUENCE_DATA`);
    const found = input.sequenceUuid
      ? store.sequences.byUuid(input.sequenceUuid)
      : store.sequences.byName(input.sequenceName ?? '');
    if (!found)
      throw notFound(
        `sequence ${input.sequenceUuid ? `uuid "${input.sequenceUuid}"` : `"${input.sequenceName}"`} does not exist`,
      );
    if (input.sequenceUuid && input.sequenceName && found.name !== input.sequenceName) {
      throw invalid(
        `sequenceName "${input.sequenceName}" does not name sequence ${input.sequenceUuid} ("${found.name}")`,
      );
    }
    const rows = rowsByIdOrBarcode(store, sheet, input.id);
    if (rows.length === 0) throw notFound(`labsheet "${sheet.name}" has no row with ID "${input.id}"`);
    store.tx(() => {
      // createClone is honoured by the newer behaviour (v2) only; legacy ignores it (spec).
      const seq =
        input.createClone && ctx.mode === 'v2'
          ? store.sequences.create({
              name: `${found.name} (clone)`,
              type: found.sequenceType,
              sequence: found.sequence,
              circular: found.circular,
            })
          : found;
      const columns = store.labsheets.columns(sheet.uuid);
      for (const row of rows)
        store.rows.updateCells(row, columns, { ...row.cells, [String(column.id)]: seq.name }, store.now());
    });
    return { success: true };
  });
}
