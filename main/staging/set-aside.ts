import { rename } from 'node:fs/promises';

const CORRUPT = '.corrupt-';

/** Where the staging folder went when the outbox it belongs to was moved aside. */
export type StagingSetAside =
  | { kind: 'moved'; movedTo: string }
  /** There was no staging folder: nothing was staged, nothing to keep. */
  | { kind: 'absent' }
  /** It could not be renamed; it stays where it is and a later start's sweep may remove its copies. */
  | { kind: 'failed'; error: string };

/**
 * The outbox was moved aside, and with it the only record of which staged copies its uploads need:
 * the fresh outbox names none of them, so the next start's sweep would delete every one (for a file
 * dropped in the browser, its only bytes). The folder goes beside the outbox file, under the same
 * stamp (`staging.corrupt-<stamp>` with `outbox.db.corrupt-<stamp>`), where no sweep looks.
 */
export async function setStagingAside(
  stagingDir: string,
  outboxMovedTo: string,
  now: () => number,
): Promise<StagingSetAside> {
  const at = outboxMovedTo.lastIndexOf(CORRUPT);
  // The outbox's own stamp, so the two are seen as one pair; a name without one gets this moment's.
  const stamp =
    at >= 0 ? outboxMovedTo.slice(at + CORRUPT.length) : new Date(now()).toISOString().replace(/[:.]/g, '-');
  const movedTo = `${stagingDir}.corrupt-${stamp}`;
  try {
    await rename(stagingDir, movedTo);
    return { kind: 'moved', movedTo };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'absent' };
    return { kind: 'failed', error: err instanceof Error ? err.message : String(err) };
  }
}

/** The notice's last words: what IT is to be given, and where the staged copies are now. */
export function keepForIt(s: StagingSetAside | null): string {
  if (s?.kind === 'moved') return `keep that file and the staging folder, moved aside to ${s.movedTo}, for IT.`;
  if (s?.kind === 'failed')
    return (
      `keep that file and the staging folder for IT (it could not be moved aside: ${s.error}; copy it somewhere ` +
      'safe before the app starts again, or the copies of those uploads are removed then).'
    );
  return 'keep that file for IT.';
}
