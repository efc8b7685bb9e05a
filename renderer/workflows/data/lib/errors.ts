import type { IpcError } from '../../../../shared/ipc/result.js';
import type { OutboxError } from '../../../../shared/ipc/channels/outbox.js';
import { shownError, shownErrorLine } from '../../../../shared/outbox-words/shown-error.js';

/** An error as a panel shows it: what happened (with the server's reason) and what to do. */
export interface ShownError {
  text: string;
  hint?: string;
  kind?: string;
  status?: number;
}

const SUPER_ADMIN = /super\s*admin/i;

/** Advice per kind of failure; the Super Admin case is spelled out because the 422 alone does not say "ask someone". */
export function hintFor(kind: string | undefined, text: string): string | undefined {
  if (SUPER_ADMIN.test(text)) {
    return "Only a Super Admin may change folder permissions, and the token in use does not belong to one. Ask a Super Admin to do it, or save a Super Admin's token in Settings.";
  }
  switch (kind) {
    case 'auth':
      return 'The service refused the token: set a valid one in Settings.';
    case 'network':
    case 'timeout':
      return 'The service cannot be reached right now. Reads need a connection; writes stay queued in the outbox.';
    case 'not-found':
      return 'Check the spelling, or look it up by its uuid.';
    case 'conflict':
      return 'Something with this name already exists, or the name matches more than one record.';
    case 'rate-limited':
      return 'The service asked us to slow down; try again in a moment.';
    default:
      return undefined;
  }
}

export function fromIpcError(e: IpcError): ShownError {
  const issue = e.issues?.[0];
  const text = issue ? `${issue.path ? `${issue.path}: ` : ''}${issue.message}` : e.message;
  const hint = hintFor(e.kind, text);
  return {
    text,
    ...(hint ? { hint } : {}),
    ...(e.kind ? { kind: e.kind } : {}),
    ...(e.status !== undefined ? { status: e.status } : {}),
  };
}

/**
 * A queued write's error (outbox.await): an outbox entry's, so said as the Outbox says it, unlike a
 * direct read's (fromIpcError), which is the IPC call's own.
 */
export function fromWriteError(e: OutboxError): ShownError {
  const text = shownErrorLine(shownError(e));
  const hint = hintFor(e.kind, text);
  return { text, kind: e.kind, ...(hint ? { hint } : {}), ...(e.status !== undefined ? { status: e.status } : {}) };
}

/** For thrown values that are not IPC results (a bug or a closed connection). */
export const fromUnknown = (err: unknown): ShownError => ({ text: err instanceof Error ? err.message : String(err) });
