import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

export interface TubeLabManifest {
  name: string;
  hrid: string;
  barcode: string;
  template: string;
  layout: { rows: number; columns: number };
}

/**
 * A lab for the embedded sandbox (its fixture format, shared/sandbox-fixture.example.json): one Samples
 * labsheet whose rows are S-0001… with the tube barcodes `barcode(n)`, and the plates or boxes given.
 * For a test that needs a lab other than the demo (more tubes, other barcodes, other boxes).
 */
export function tubeLab(o: {
  token: string;
  tubes: number;
  barcode: (n: number) => string;
  manifests: TubeLabManifest[];
  /** Digits of the sample number (S-0001 with 4). */
  digits?: number;
}) {
  return {
    users: [{ email: 'ada@lab.example', token: o.token, superAdmin: true }],
    labspaces: [{ name: 'Bench', folders: [{ name: 'Inventory' }] }],
    labsheets: [
      {
        name: 'Samples',
        folder: 'Inventory',
        columns: [
          { name: 'Sample ID', type: 'ID' },
          { name: 'Tube Barcode', type: 'ID_BARCODE' },
        ],
        rows: Array.from({ length: o.tubes }, (_, i) => ({
          'Sample ID': `S-${String(i + 1).padStart(o.digits ?? 4, '0')}`,
          'Tube Barcode': o.barcode(i + 1),
        })),
      },
    ],
    manifests: o.manifests,
  };
}

/**
 * The fixture written to a temporary file before the file's tests, removed after them: answers its
 * path, for `sandboxFixture`, read inside a test or a later hook.
 */
export function fixtureFileForSuite(fixture: object): () => string {
  let dir: string | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'lab-fixture-'));
    writeFileSync(join(dir, 'lab.json'), JSON.stringify(fixture));
  });
  // Hooks after run in reverse: a main opened after this hook closes before the folder goes.
  afterAll(() => rmSync(dir!, { recursive: true, force: true }));
  return () => {
    if (!dir) throw new Error('the fixture is written in beforeAll; read it inside a test or a later hook');
    return join(dir, 'lab.json');
  };
}
