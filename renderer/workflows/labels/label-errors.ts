import type { IpcError } from '../../../shared/ipc/result.js';

/**
 * An IPC failure as the list of reasons a user reads. A LabelError from main arrives as one
 * message, "N labels cannot be made:\n- …\n- …" (shared/labels/errors.ts), split back here so every
 * refused label gets its own line; payload refusals carry zod issues with the field path.
 */
export function reasonsOf(error: IpcError): { summary: string | null; reasons: string[] } {
  if (error.issues && error.issues.length > 0) {
    return { summary: null, reasons: error.issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)) };
  }
  const [head, ...items] = error.message.split('\n- ');
  return items.length > 0
    ? { summary: head!.replace(/:$/, ''), reasons: items }
    : { summary: null, reasons: [error.message] };
}

export interface Problem {
  /** One line saying what was being done and how much failed, e.g. "Export PDF failed: 3 labels cannot be made". */
  title: string;
  reasons: string[];
}

/**
 * A print that failed. A lost connection to the host is no answer from main, which may well have
 * sent the job: "did not finish" there sends the user to print the labels a second time.
 */
export function printProblem(error: IpcError): Problem {
  if (error.code !== 'disconnected') return problemFrom('Printing did not finish', error);
  return {
    title: 'Printing may have finished',
    reasons: [
      error.message,
      'The labels may have printed: Benchlink lost its connection while they were being sent. Check the printer and which labels came out before sending any again, so none is printed twice.',
    ],
  };
}

export function problemFrom(title: string, error: IpcError): Problem {
  const { summary, reasons } = reasonsOf(error);
  return { title: summary === null ? title : `${title}: ${summary}`, reasons };
}
