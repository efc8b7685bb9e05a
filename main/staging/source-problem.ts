/**
 * A chosen file main could not read when it came to copy it: said by its name and in words, never with
 * its path (under the user's home: the page never learns paths) nor the system's own text.
 */
export class SourceUnreadableError extends Error {
  override readonly name = 'SourceUnreadableError';
}

/** The system's code of a failed file operation (ENOENT, EACCES…), if it has one. */
export function errorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : undefined;
}

/** Why the chosen file `name` could not be read (`err`, from reading it), and what to do. */
export function sourceUnreadable(err: unknown, name: string): SourceUnreadableError {
  const code = errorCode(err);
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return new SourceUnreadableError(`${name} was moved or deleted after you chose it: choose it again`);
    case 'EACCES':
    case 'EPERM':
      return new SourceUnreadableError(
        `${name} cannot be read: this computer does not let Benchlink open it. Copy it to a folder of yours ` +
          '(Documents), or ask IT for access, then choose it again',
      );
    case 'EBUSY':
      return new SourceUnreadableError(
        `${name} is in use by another program (an instrument still writing it?): choose it again once it is closed`,
      );
    case 'EISDIR':
      return new SourceUnreadableError(`${name} is a folder: choose the files in it instead`);
    default:
      return new SourceUnreadableError(
        `${name} could not be read${code ? ` (${code})` : ''}: choose it again; if it keeps failing, copy it ` +
          'to this computer first',
      );
  }
}

/** Whether `err` came from reading the file at `source` (Node names the path it failed on). */
export function isFromSource(err: unknown, source: string): boolean {
  return typeof err === 'object' && err !== null && 'path' in err && (err as { path: unknown }).path === source;
}
