/**
 * Spreadsheet programs run a cell that starts with one of these as a formula ("CSV injection").
 * Lab data comes from many hands (sample IDs, labels, page names typed at other benches), so every CSV
 * this app writes passes its text cells through `defuseFormula`: one rule for the Data screen's export
 * and the plate records alike.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A text cell as a spreadsheet shows it, never runs it: one that would start a formula gets a leading
 * apostrophe, which spreadsheets show as plain text. Text that reads as a number is left alone: -5
 * stays -5.
 */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) && !NUMERIC.test(text) ? `'${text}` : text;
}
