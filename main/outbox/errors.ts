/**
 * A write to the outbox did not become durable. The caller (the scan workflow) must tell the user:
 * a scan that was not committed was NOT recorded. Never swallowed.
 */
export type OutboxWriteErrorKind = 'disk-full' | 'read-only' | 'busy' | 'io' | 'closed' | 'invalid';

export class OutboxWriteError extends Error {
  readonly kind: OutboxWriteErrorKind;
  /** The SQLite error code, e.g. SQLITE_FULL, when there was one. */
  readonly code: string | undefined;

  constructor(kind: OutboxWriteErrorKind, message: string, options?: { cause?: unknown; code?: string }) {
    super(message, { cause: options?.cause });
    this.name = 'OutboxWriteError';
    this.kind = kind;
    this.code = options?.code;
  }
}

/** Maps a better-sqlite3 / fs failure to the typed error the UI can explain. */
export function toWriteError(err: unknown, what: string): OutboxWriteError {
  if (err instanceof OutboxWriteError) return err;
  const code = typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : undefined;
  const text = err instanceof Error ? err.message : String(err);
  const kind: OutboxWriteErrorKind =
    code === 'SQLITE_FULL' || code === 'ENOSPC' ? 'disk-full'
      : code?.startsWith('SQLITE_READONLY') || code === 'EROFS' || code === 'EACCES' || code === 'EPERM' ? 'read-only'
        : code?.startsWith('SQLITE_BUSY') || code?.startsWith('SQLITE_LOCKED') ? 'busy'
          : /not open|closed/i.test(text) ? 'closed'
            : 'io';
  const explain: Record<OutboxWriteErrorKind, string> = {
    'disk-full': 'the disk is full',
    'read-only': 'the data folder is read-only',
    busy: 'the database is locked by another process',
    io: 'the disk reported an error',
    closed: 'the outbox is closed',
    invalid: 'the entry is not valid',
  };
  return new OutboxWriteError(kind, `${what} was not saved: ${explain[kind]} (${code ?? text})`, { cause: err, code });
}
