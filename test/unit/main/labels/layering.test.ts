import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  LabelError,
  recordForPlate,
  recordFromRow,
  recordsForLocations,
  recordsForWells,
  sheetGrid,
  sheetSpec,
} from '../../../../shared/labels/index.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const importsOf = (dir: string): Array<[file: string, spec: string]> =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') || f.endsWith('.svelte'))
    .flatMap((f) =>
      [...readFileSync(join(root, dir, f), 'utf8').matchAll(/from '([^']+)'/g)].map((m): [string, string] => [
        `${dir}/${f}`,
        m[1]!,
      ]),
    );

describe('label layers (DESIGN.md: shared imports no Node or DOM; main imports no electron)', () => {
  it('shared/labels imports only zod, shared/api types, the bench clock and itself', () => {
    // The bench clock is plain shared code (no Node, no DOM): the one owner of the bench's calendar day.
    const bad = importsOf('shared/labels').filter(
      ([, spec]) =>
        spec !== 'zod' && spec !== '../bench-clock.js' && !spec.startsWith('./') && !spec.startsWith('../api/'),
    );
    expect(bad).toEqual([]);
    const globals = readdirSync(join(root, 'shared/labels')).filter((f) =>
      /\b(document|window|Buffer|process)\./.test(readFileSync(join(root, 'shared/labels', f), 'utf8')),
    );
    expect(globals).toEqual([]);
  });

  it('main/labels never imports electron', () => {
    expect(importsOf('main/labels').filter(([, spec]) => spec === 'electron' || spec.startsWith('electron/'))).toEqual(
      [],
    );
  });

  it('the page holds no barcode encoder: main draws the preview (three quarters of the Labels code was bwip-js)', () => {
    const renderer = importsOf('renderer');
    expect(renderer.length).toBeGreaterThan(100);
    expect(renderer.filter(([, spec]) => spec.startsWith('bwip-js'))).toEqual([]);
  });

  it('the Labels screen around it stays in the renderer: shared code, svelte, the shell and renderer/lib', () => {
    const allowed = (spec: string) =>
      ['../../../shared/', './', '../../lib/', '../../app/'].some((p) => spec.startsWith(p)) || spec === 'svelte';
    expect(importsOf('renderer/workflows/labels').filter(([, spec]) => !allowed(spec))).toEqual([]);
  });
});

describe('records and sheets', () => {
  it('maps a labsheet row to a record by column names, dropping empty cells', () => {
    const row = { 'Sample ID': 'S-1', Name: 'HeLa', Volume: 50, Notes: '', Barcode: '  ' };
    expect(recordFromRow(row, { id: 'Sample ID', name: 'Name', volume: 'Volume', barcode: 'Barcode' })).toEqual({
      id: 'S-1',
      name: 'HeLa',
      volume: '50',
    });
  });

  it('fits as many labels as the paper holds when no grid is given, and refuses a grid that does not fit', () => {
    const grid = sheetGrid(
      sheetSpec.parse({ paper: 'Letter', marginTopMm: 12.7, marginLeftMm: 4.8, gapXMm: 3.2, gapYMm: 0 }),
      66.7,
      25.4,
    );
    expect(grid.slots).toHaveLength(3 * 10); // the classic 30-up address sheet
    expect(() => sheetGrid(sheetSpec.parse({ paper: 'A4', columns: 5 }), 50.8, 25.4)).toThrow(LabelError);
  });

  it('labels a plate by its barcode, its filled wells by sample ID, and new locations by uuid', () => {
    const plate = { name: 'Assay plate 7', hrid: 'MAN-7', barcode: '' };
    expect(recordForPlate(plate, '2026-11-23')).toEqual({
      id: 'MAN-7',
      name: 'Assay plate 7',
      hrid: 'MAN-7',
      barcode: '',
      date: '2026-11-23',
    });
    const wells = [
      { position: 'A1', sample: { id: 'S-1' } },
      { position: 'A2', sample: null },
      { position: 'B1', sample: { id: 'S-2' } },
    ];
    expect(recordsForWells(plate, wells)).toEqual([
      { id: 'S-1', position: 'A1', hrid: 'MAN-7' },
      { id: 'S-2', position: 'B1', hrid: 'MAN-7' },
    ]);
    expect(recordsForWells(plate, wells, ['B1', 'A2']).map((r) => r.id)).toEqual(['S-2']);
    expect(recordsForLocations([{ name: 'Box 12', uuid: 'u-12' }])).toEqual([{ id: 'u-12', name: 'Box 12' }]);
  });
});
