import type { ShownError } from './errors.js';

/**
 * The labsheet list a picker offers, as the Data screen reads it once (LabsheetBrowser has this shape): its
 * names, why it could not be read, and how many the service has when it listed fewer.
 */
export interface LabsheetList {
  readonly names: readonly string[];
  readonly listError: ShownError | null;
  readonly listLoading: boolean;
  /** How many the service has when its list names fewer, else null. */
  readonly listedOf: number | null;
  loadList(): Promise<void>;
}

/**
 * What a labsheet picker says under its field, or null when the list is whole: the name can always be typed,
 * so a labsheet the list left out, or a list that could not be read (offline), still leaves a way on.
 */
export function labsheetListNote(list: Pick<LabsheetList, 'names' | 'listError' | 'listedOf'>): string | null {
  if (list.listError)
    return 'The list of labsheets could not be read: type the labsheet’s name, or read the list again.';
  if (list.listedOf !== null)
    return `The service listed ${list.names.length} of its ${list.listedOf} labsheets: type the name of one it left out.`;
  if (list.names.length === 0) return 'No labsheets are listed: type the labsheet’s name.';
  return null;
}
