import { randomUUID } from 'node:crypto';

/**
 * Paths the user chose in the dialog, by opaque id. The upload service redeems an id here; a
 * renderer that invents an id or a path gets nothing.
 *
 * An id is a one-use ticket, like the staging ticket upload.enqueue redeems: the user chose the
 * file once, so it is copied once. Reusable ids let a page stage one chosen file again and again,
 * each copy kept on disk, until the disk was full.
 */
export interface PickedFiles {
  add(path: string): string;
  /** The chosen path, once; the id is spent, so a second redeem (or a made-up id) gets null. */
  take(id: string): string | null;
}

export function createPickedFiles(): PickedFiles {
  const byId = new Map<string, string>();
  return {
    add(path) {
      const id = randomUUID();
      byId.set(id, path);
      return id;
    },
    take(id) {
      const path = byId.get(id) ?? null;
      byId.delete(id);
      return path;
    },
  };
}
