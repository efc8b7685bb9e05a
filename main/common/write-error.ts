/**
 * A write (the outbox, the read cache, a staged upload) did not become durable. The caller must tell
 * the user: a scan that was not committed was NOT recorded. Never swallowed.
 */
export type WriteErrorKind = 'disk-full' | 'read-only' | 'busy' | 'io' | 'closed' | 'invalid';

export class WriteError extends Error {
  readonly kind: WriteErrorKind;
  /** The SQLite error code, e.g. SQLITE_FULL, when there was one. */
  readonly code: string | undefined;

  constructor(kind: WriteErrorKind, message: string, options?: { cause?: unknown; code?: string }) {
    super(message, { cause: options?.cause });
    this.name = 'WriteError';
    this.kind = kind;
    this.code = options?.code;
  }
}

/**
 * Maps a better-sqlite3 / fs failure to the typed error the UI can explain: "<what> was not saved:
 * <why>. <what to do>". `plural` when `what` names several things ("The 96 well changes"); `outcome`
 * when the failed step was not a save ("could not be opened"); `thing: 'file'` when `what` is a file
 * the user added to upload ("plate.csv was not queued: <why>. Nothing was sent; queue the file again
 * when <fixed>"): its remedy is the file queued again, not a scan.
 */
export function toWriteError(
  err: unknown,
  what: string,
  options?: { plural?: boolean; outcome?: string; thing?: 'change' | 'file' },
): WriteError {
  if (err instanceof WriteError) return err;
  const code =
    typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : undefined;
  const text = err instanceof Error ? err.message : String(err);
  const kind: WriteErrorKind =
    code === 'SQLITE_FULL' || code === 'ENOSPC'
      ? 'disk-full'
      : code?.startsWith('SQLITE_READONLY') || code === 'EROFS' || code === 'EACCES' || code === 'EPERM'
        ? 'read-only'
        : code?.startsWith('SQLITE_BUSY') || code?.startsWith('SQLITE_LOCKED')
          ? 'busy'
          : /not open|closed/i.test(text)
            ? 'closed'
            : 'io';
  const why = `${explain[kind]} (${code ?? text})`;
  const message =
    options?.thing === 'file'
      ? `${what} was not queued: ${why}. Nothing was sent; ${fileAgain[kind]}.`
      : `${what} ${options?.outcome ?? `${options?.plural ? 'were' : 'was'} not saved`}: ${why}. ${next[kind]}`;
  return new WriteError(kind, message, { cause: err, code });
}

const explain: Record<WriteErrorKind, string> = {
  'disk-full': 'the disk is full',
  'read-only': 'the data folder is read-only',
  busy: 'the database is locked by another process',
  io: 'the disk reported an error',
  closed: 'the outbox is closed',
  invalid: 'the entry is not valid',
};

// Said to someone at the bench, who can act on the first three and must call for help on the rest.
const next: Record<WriteErrorKind, string> = {
  'disk-full': 'Free some space on this computer (empty the trash, remove large files), then try again.',
  'read-only': 'Ask IT to let Benchlink write to its data folder, then try again.',
  busy: 'Close a second copy of Benchlink or a backup tool if one is open, or wait a moment, then try again.',
  io: 'Try again; if it keeps failing, tell IT: the disk may be failing.',
  closed: 'Benchlink is shutting down: start it again, then try again.',
  invalid: 'Check the entry, then try again.',
};

/**
 * The same remedies for a file, after "Nothing was sent; ": the copy made when it was added is kept
 * (the Upload list offers Queue again) while Benchlink runs, so only a restart means adding it again.
 */
const fileAgain: Record<WriteErrorKind, string> = {
  'disk-full':
    'queue the file again when you have freed some space on this computer (empty the trash, remove large files)',
  'read-only': 'queue the file again when IT has let Benchlink write to its data folder',
  busy: 'queue the file again when you have closed a second copy of Benchlink or a backup tool, or in a moment',
  io: 'queue the file again in a moment; if it keeps failing, tell IT: the disk may be failing',
  closed: 'add the file again when Benchlink has been started again',
  invalid: 'add the file again when you have checked it',
};
