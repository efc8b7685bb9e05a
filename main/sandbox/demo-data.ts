import { DEMO_BARCODES, DEMO_SAMPLES, demoTubeBarcode } from '../../shared/demo-lab.js';
import type { SandboxFixture } from './fixture.js';

/** Fixed so docs, screenshots and a scientist's settings keep working across sandbox restarts. */
export const DEMO_TOKEN = '5b2c8f0e-7a41-4c3e-9d2a-1f6e8b4c7a90';
export const DEMO_USER_TOKEN = '9e4d2a71-3b8c-4f05-a6d1-72c0e5b9f318';
export const DEMO_SAMPLE_COUNT = 300;

const STATUSES = ['received', 'in use', 'depleted', 'discarded'] as const;
const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** Deterministic pseudo-random numbers, so the demo lab is the same on every start. */
function* lcg(seed: number): Generator<number> {
  let s = seed;
  for (;;) {
    s = (s * 1103515245 + 12345) % 2147483648;
    yield s / 2147483648;
  }
}

function sampleRows(): Record<string, string | number | boolean | null>[] {
  const rnd = lcg(42);
  const next = (): number => rnd.next().value as number;
  return Array.from({ length: DEMO_SAMPLE_COUNT }, (_, i) => {
    const n = i + 1;
    const status = n % 23 === 0 ? 'discarded' : n % 7 === 0 ? 'depleted' : n % 3 === 0 ? 'in use' : 'received';
    const day = 1 + (i % 28);
    return {
      [DEMO_SAMPLES.idColumn]: `S-${pad(n, 4)}`,
      [DEMO_SAMPLES.barcodeColumn]: demoTubeBarcode(n),
      'Volume uL': status === 'discarded' || status === 'depleted' ? 0 : Math.round(10 + next() * 190),
      Status: status,
      Received: `2026-${pad(9 + Math.floor(i / 100), 2)}-${pad(day, 2)}`,
      'QC Passed': status === 'discarded' ? 'false' : next() > 0.1 ? 'true' : 'false',
      Notes: n % 11 === 0 ? 'recheck concentration' : null,
      // Discarded tubes are archived: they stay in the labsheet but out of "unarchived" listings.
      _archived: status === 'discarded',
    };
  });
}

/** The built-in lab: what `npm run sandbox` serves without --fixture. */
export function demoFixture(): SandboxFixture {
  return {
    users: [
      { email: 'admin@demo-lab.example', token: DEMO_TOKEN, superAdmin: true },
      { email: 'tech@demo-lab.example', token: DEMO_USER_TOKEN, superAdmin: false },
    ],
    labspaces: [
      {
        name: 'Molecular Biology',
        description: 'Cloning, extraction and QC',
        folders: [
          { name: 'Inventory' },
          { name: 'Plates' },
          { name: 'Restricted', private: true, permissions: ['tech@demo-lab.example'] },
        ],
      },
      { name: 'Cell Culture', description: 'Cell lines and media', folders: [{ name: 'Cell Lines' }] },
    ],
    locations: [
      { name: 'Freezer -80 A' },
      { name: 'Shelf 1', parent: 'Freezer -80 A' },
      { name: 'Shelf 2', parent: 'Freezer -80 A' },
      { name: 'Rack 2-1', parent: 'Shelf 2' },
      { name: 'Freezer -20 B' },
      { name: 'Fridge 4C' },
    ],
    labsheets: [
      {
        name: DEMO_SAMPLES.labsheet,
        folder: 'Inventory',
        columns: [
          { name: DEMO_SAMPLES.idColumn, type: 'ID' },
          { name: DEMO_SAMPLES.barcodeColumn, type: 'ID_BARCODE' },
          { name: 'Volume uL', type: 'NUMBER' },
          { name: 'Status', type: 'LIST', references: [...STATUSES] },
          { name: 'Received', type: 'DATE' },
          { name: 'QC Passed', type: 'CHECKBOX' },
          { name: 'Notes', type: 'TEXT' },
          { name: 'Plasmid', type: 'SEQUENCE_DATA' },
          { type: 'LAST_MODIFIED' },
          { type: 'EXISTING_MANIFEST' },
        ],
        rows: sampleRows(),
      },
      {
        name: 'Reagents',
        folder: 'Inventory',
        columns: [
          { name: 'Reagent ID', type: 'ID' },
          { name: 'Name', type: 'TEXT' },
          { name: 'Lot', type: 'TEXT' },
          { name: 'Expires', type: 'DATE' },
          { name: 'Quantity Left', type: 'QUANTITY_LEFT' },
        ],
        rows: [
          {
            'Reagent ID': 'R-001',
            Name: 'Qubit dsDNA HS buffer',
            Lot: 'L2611A',
            Expires: '2027-03-31',
            'Quantity Left': 180,
          },
          { 'Reagent ID': 'R-002', Name: 'Agarose LE', Lot: 'AG-5521', Expires: '2028-01-15', 'Quantity Left': 450 },
          {
            'Reagent ID': 'R-003',
            Name: 'TE buffer pH 8.0',
            Lot: 'TE-0921',
            Expires: '2027-09-30',
            'Quantity Left': 900,
          },
          { 'Reagent ID': 'R-004', Name: 'Proteinase K', Lot: 'PK-3310', Expires: '2026-12-31', 'Quantity Left': 12 },
        ],
      },
    ],
    manifests: [
      {
        name: 'QC Plate 1',
        hrid: 'PL-0001',
        barcode: DEMO_BARCODES.qcPlate,
        template: '96 Well Plate',
        layout: { rows: 8, columns: 12 },
        wells: [
          ...Array.from({ length: 10 }, (_, i) => ({
            position: `A${i + 1}`,
            sample: { id: `S-${pad(i + 1, 4)}`, labsheet: 'Samples' },
            label: 'SAMPLE' as const,
          })),
          { position: 'H11', label: 'POS_CONTROL', tags: ['qc'] },
          { position: 'H12', label: 'NEG_CONTROL', tags: ['qc'] },
        ],
      },
      {
        name: 'Library Plate 1',
        hrid: 'PL-0002',
        barcode: DEMO_BARCODES.libraryPlate,
        template: '384 Well Plate',
        layout: { rows: 16, columns: 24 },
      },
      {
        // Empty: where a layout is applied and a plate is filled from scratch in the demo.
        name: 'qPCR Plate 2',
        hrid: 'PL-0003',
        barcode: DEMO_BARCODES.qpcrPlate,
        template: '96 Well Plate',
        layout: { rows: 8, columns: 12 },
      },
      {
        name: 'Freezer Box 1',
        hrid: 'BX-0001',
        barcode: DEMO_BARCODES.box,
        template: '81 Slot Box',
        layout: { rows: 9, columns: 9 },
      },
    ],
    sequences: [
      {
        name: 'pUC19-fragment',
        type: 'DNA',
        sequence: 'TCGCGCGTTTCGGTGATGACGGTGAAAACCTCTGACACATGCAGCTCCCGGAGACGGTCACAGC',
        circular: false,
      },
      {
        name: 'pET-28a-MCS',
        type: 'DNA',
        sequence: 'CATATGGCTAGCATGACTGGTGGACAGCAAATGGGTCGCGGATCCGAATTCGAGCTCCGTCGACAAGCTTGCGGCCGCACTCGAG',
        circular: false,
      },
      { name: 'GFP-primer-F', type: 'DNA', sequence: 'ATGGTGAGCAAGGGCGAGGAG', circular: false },
      {
        name: 'pGEX-4T-1',
        type: 'DNA',
        sequence: 'ACGTTATCGACTGCACGGTGCACCAATGCTTCTGGCGTCAGGCAGCCATCGGAAGCTGTGGTATGGCTGTGCAGG',
        circular: true,
      },
      { name: 'Insulin-B-chain', type: 'PROTEIN', sequence: 'FVNQHLCGSHLVEALYLVCGERGFFYTPKT', circular: false },
    ],
    labflows: [
      {
        labflowId: 'LF-0001',
        name: 'Sample QC',
        tests: [
          { protocoltemplateId: 'PT-0001', name: 'Qubit quantification' },
          { protocoltemplateId: 'PT-0002', name: 'Gel electrophoresis' },
        ],
      },
      {
        labflowId: 'LF-0002',
        name: 'NGS library prep',
        tests: [{ protocoltemplateId: 'PT-0003', name: 'Fragment analysis' }],
      },
    ],
    pages: [
      { kind: 'experiment', name: 'Plasmid prep 2026-11', hrid: 'EXP-0001', labspace: 'Molecular Biology' },
      { kind: 'protocol', name: 'Miniprep', hrid: 'PRO-0001', labspace: 'Molecular Biology' },
      { kind: 'documentation', name: 'Bench notes', hrid: 'DOC-0001', labspace: 'Molecular Biology' },
      { kind: 'experiment', name: 'HEK293 passage log', hrid: 'EXP-0002', labspace: 'Cell Culture' },
    ],
  };
}
