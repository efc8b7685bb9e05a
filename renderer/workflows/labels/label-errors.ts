import type { IpcError } from '../../../shared/ipc/result.js';

/**
 * An IPC failure as the list of reasons a user reads. A LabelError from main arrives as one
 * message, "N labels cannot be made:\n- …\n- …" (shared/labels/errors.ts), split back here so every
 * refused label gets its own line; payload refusals carry zod issues with the field path.
 */
export function reasonsOf(error: IpcError): string[] {
  if (error.issues && error.issues.length > 0) {
    return error.issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message));
  }
  const [head, ...items] = error.message.split('\n- ');
  return items.length > 0 ? [head!, ...items] : [error.message];
}

export interface Problem {
  /** One line saying what was being done, e.g. "Export PDF failed". */
  title: string;
  reasons: string[];
}

export const problemFrom = (title: string, error: IpcError): Problem => ({ title, reasons: reasonsOf(error) });
