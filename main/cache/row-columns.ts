/**
 * The row listing names its columns but not their types. Its first header is the row `uuid`
 * (spec); the ID column is the first one after it (the service lists it first among the
 * labsheet's columns); the ID_BARCODE column is the one whose name says "barcode".
 */
export function identifyColumns(headers: readonly string[]): { idColumn: string; barcodeColumn: string | null } {
  const columns = headers[0] === 'uuid' ? headers.slice(1) : headers;
  const idColumn = columns[0] ?? 'ID';
  const barcodeColumn = columns.find((h, i) => i > 0 && /barcode/i.test(h)) ?? null;
  return { idColumn, barcodeColumn };
}
