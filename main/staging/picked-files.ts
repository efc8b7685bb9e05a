import { randomUUID } from 'node:crypto';

/**
 * Paths the user chose in the dialog, by opaque id. The upload service resolves an id here;
 * a renderer that invents an id or a path gets nothing.
 */
export interface PickedFiles {
  add(path: string): string;
  resolve(id: string): string | null;
}

export function createPickedFiles(): PickedFiles {
  const byId = new Map<string, string>();
  return {
    add(path) {
      const id = randomUUID();
      byId.set(id, path);
      return id;
    },
    resolve: (id) => byId.get(id) ?? null,
  };
}
