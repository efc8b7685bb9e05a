import type { IpcError } from '../../../../shared/ipc/result.js';

/** An error as a panel shows it: what happened (with the server's reason) and what to do. */
export interface ShownError {
  text: string;
  hint?: string;
  kind?: string;
  status?: number;
}

/** The outbox's error shape (outbox.await): `reason` is the server's own words. */
export interface WriteError {
  kind: string;
  status?: number;
  message: string;
  reason?: string;
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

export function fromWriteError(e: WriteError): ShownError {
  // The message already carries the reason in most cases; add it only when it does not.
  const text = e.reason && !e.message.includes(e.reason) ? `${e.message} — ${e.reason}` : e.message;
  const hint = hintFor(e.kind, text);
  return { text, kind: e.kind, ...(hint ? { hint } : {}), ...(e.status !== undefined ? { status: e.status } : {}) };
}

/** For thrown values that are not IPC results (a bug or a closed connection). */
export const fromUnknown = (err: unknown): ShownError => ({ text: err instanceof Error ? err.message : String(err) });
