import type { CellValue } from '../../shared/api/primitives.js';
import { layoutFromTemplate } from '../../shared/layout/positions.js';
import { coerceCell } from './domain/cells.js';
import { createLabsheet } from './domain/labsheets.js';
import { resolveSample, wellPosition } from './domain/manifests.js';
import { ServiceError } from './domain/service-error.js';
import { FixtureError, type ParsedFixture } from './fixture.js';
import type { SandboxStore } from './store/index.js';
import type { Cells, NewRow } from './store/rows.js';

/** Runs one seeding step; a service rule it breaks becomes a FixtureError naming the fixture path. */
function at<T>(path: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof ServiceError) throw new FixtureError(`fixture ${path}: ${e.reason}`);
    if (e instanceof FixtureError) throw e;
    throw new FixtureError(`fixture ${path}: ${(e as Error).message}`);
  }
}

/**
 * Loads a validated fixture into an empty store in one transaction, through the same domain rules
 * the endpoints enforce (unique names, one ID column, typed cells, wells on the layout).
 */
export function seedFixture(store: SandboxStore, f: ParsedFixture): void {
  store.tx(() => {
    f.users.forEach((u, i) =>
      at(`users[${i}]`, () => {
        if (store.users.byEmail(u.email))
          throw new FixtureError(`fixture users[${i}]: email ${u.email} is listed twice`);
        if (store.users.byToken(u.token))
          throw new FixtureError(`fixture users[${i}]: token is already used by another user`);
        store.users.create(u);
      }),
    );
    const creator = f.users[0]!.email;

    f.labspaces.forEach((ls, i) =>
      at(`labspaces[${i}]`, () => {
        const space = store.eln.createLabspace({
          name: ls.name,
          description: ls.description,
          ...(ls.uuid ? { uuid: ls.uuid } : {}),
        });
        ls.folders.forEach((fo, j) =>
          at(`labspaces[${i}].folders[${j}]`, () => {
            const uuid = store.eln.createFolder({
              labspaceUuid: space.uuid,
              name: fo.name,
              private: fo.private,
              ...(fo.uuid ? { uuid: fo.uuid } : {}),
            });
            fo.permissions.forEach((email) => store.eln.grant(uuid, email));
          }),
        );
      }),
    );

    f.locations.forEach((l, i) =>
      at(`locations[${i}]`, () => {
        let parentUuid: string | null = null;
        if (l.parent !== undefined) {
          const parent = store.locations.byUuid(l.parent) ?? store.locations.byName(l.parent)[0];
          if (!parent)
            throw new FixtureError(`fixture locations[${i}].parent: location "${l.parent}" is not listed before it`);
          parentUuid = parent.uuid;
        }
        store.locations.create({ name: l.name, parentUuid, ...(l.uuid ? { uuid: l.uuid } : {}) });
      }),
    );

    f.labsheets.forEach((ls, i) =>
      at(`labsheets[${i}]`, () => {
        const sheet = createLabsheet(
          store,
          { name: ls.name, columns: ls.columns, ...(ls.folder ? { folder: ls.folder } : {}) },
          creator,
          ls.uuid,
        );
        const uuid = sheet.uuid;
        const columns = store.labsheets.columns(uuid);
        const byName = new Map(columns.map((c) => [c.name, c]));
        const rows: NewRow[] = ls.rows.map((r, k) => {
          const cells: Cells = {};
          let archived = false;
          let rowUuid: string | undefined;
          for (const [key, value] of Object.entries(r)) {
            if (key === '_archived') {
              archived = value === true;
              continue;
            }
            if (key === '_uuid') {
              rowUuid = String(value);
              continue;
            }
            const col = byName.get(key);
            if (!col)
              throw new FixtureError(
                `fixture labsheets[${i}].rows[${k}]: column "${key}" is not a column of labsheet "${ls.name}"`,
              );
            if (typeof value === 'boolean') {
              if (col.type !== 'CHECKBOX')
                throw new FixtureError(
                  `fixture labsheets[${i}].rows[${k}].${key}: true/false only fits a CHECKBOX column`,
                );
            }
            cells[String(col.id)] = at(`labsheets[${i}].rows[${k}].${key}`, () =>
              coerceCell(col, typeof value === 'boolean' ? String(value) : (value as CellValue)),
            );
          }
          return { cells, archived, ...(rowUuid ? { uuid: rowUuid } : {}) };
        });
        store.rows.insertMany(uuid, columns, rows, store.now());
      }),
    );

    f.sequences.forEach((s, i) => at(`sequences[${i}]`, () => store.sequences.create(s)));
    f.labflows.forEach((l, i) =>
      at(`labflows[${i}]`, () => store.labflows.create({ id: l.labflowId, name: l.name, tests: l.tests })),
    );

    f.pages.forEach((p, i) =>
      at(`pages[${i}]`, () => {
        const space = p.labspace === undefined ? null : store.eln.labspacesByName(p.labspace)[0];
        if (space === undefined)
          throw new FixtureError(`fixture pages[${i}].labspace: labspace "${p.labspace}" is not listed`);
        store.eln.createPage({
          kind: p.kind,
          name: p.name,
          hrid: p.hrid,
          labspaceUuid: space?.uuid ?? null,
          ...(p.uuid ? { uuid: p.uuid } : {}),
        });
      }),
    );

    f.manifests.forEach((m, i) =>
      at(`manifests[${i}]`, () => {
        const layout = m.layout ?? layoutFromTemplate(m.template);
        if (!layout)
          throw new FixtureError(
            `fixture manifests[${i}].layout: template "${m.template}" names no known layout; give layout {rows, columns}`,
          );
        const rec = store.manifests.create({
          name: m.name,
          template: m.template,
          hrid: m.hrid,
          barcode: m.barcode,
          layout,
          lastUpdate: store.now(),
          ...(m.uuid ? { uuid: m.uuid } : {}),
        });
        m.wells.forEach((w, j) => {
          const where = `manifests[${i}].wells[${j}]`;
          const position = at(where, () => wellPosition(rec, w.position, 'position'));
          const sample = w.sample ? at(where, () => resolveSample(store, w.sample!, 'sample')) : null;
          store.manifests.putWell(rec.uuid, {
            position,
            sampleId: sample?.id ?? null,
            sampleLabsheet: sample?.labsheet ?? null,
            tags: w.tags ?? [],
            label: w.label ?? '',
          });
        });
      }),
    );
  });
}
