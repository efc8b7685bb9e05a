/**
 * The row listing names its columns but not their types. Listings start with the row's `uuid`;
 * the ID column is the first column after it, and the ID_BARCODE column is the one whose name
 * says "barcode". Shown in the UI, so a wrong guess is visible.
 */
export function identifyColumns(headers: readonly string[]): { idColumn: string; barcodeColumn: string | null } {
  const named = headers.filter((h) => h.toLowerCase() !== 'uuid');
  const idColumn = named[0] ?? 'ID';
  const barcodeColumn = named.find((h, i) => i > 0 && /barcode/i.test(h)) ?? null;
  return { idColumn, barcodeColumn };
}
