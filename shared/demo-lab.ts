/**
 * Barcodes of the embedded sandbox's demo lab that Benchlink itself names: its data
 * (main/sandbox/demo-data.ts) is built from them, and Well fill suggests them to a newcomer on the
 * local sandbox, so a suggested code always scans.
 */
export const DEMO_BARCODES = {
  /** PL-0001 "QC Plate 1", 96 wells, A1–A10 filled: the fill goes on at A11. */
  qcPlate: 'PLT000001',
  /** PL-0002 "Library Plate 1", 384 wells, empty. */
  libraryPlate: 'PLT000002',
  /** PL-0003 "qPCR Plate 2", 96 wells, empty. */
  qpcrPlate: 'PLT000003',
  /** BX-0001 "Freezer Box 1", 9 × 9. */
  box: 'BOX000001',
} as const;

/**
 * The demo lab's sample labsheet and the columns that name its rows (its ID and ID_BARCODE columns):
 * Benchlink builds it with these, so on the embedded sandbox they are known, never guessed.
 */
export const DEMO_SAMPLES = { labsheet: 'Samples', idColumn: 'Sample ID', barcodeColumn: 'Tube Barcode' } as const;

/** The tube of demo sample n (S-0011 is in tube TB000011). */
export const demoTubeBarcode = (n: number): string => `TB${String(n).padStart(6, '0')}`;
