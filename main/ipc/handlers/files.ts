import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { filesChannels } from '../../../shared/ipc/channels/files.js';
import { IpcFailure } from '../failure.js';
import type { HandlersFor } from '../types.js';

/** The native open dialog (Electron); absent in the browser host. Answers absolute paths. */
export interface FilePicker {
  pick(opts: { multiple: boolean; title: string }): Promise<string[]>;
}

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

export function filesHandlers(picker: FilePicker | undefined, picked: PickedFiles): HandlersFor<typeof filesChannels> {
  return {
    'files.pickForUpload': async ({ multiple, title }) => {
      if (!picker) throw new IpcFailure('unavailable', 'No file dialog in the browser: drop the files onto the page instead.');
      const paths = await picker.pick({ multiple: multiple ?? true, title: title ?? 'Choose files to upload' });
      const files = [];
      for (const path of paths) {
        const s = await stat(path);
        if (s.isFile()) files.push({ id: picked.add(path), name: basename(path), size: s.size });
      }
      return { cancelled: paths.length === 0, files };
    },
  };
}
