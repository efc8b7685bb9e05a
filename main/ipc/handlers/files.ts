import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { MAX_PICKED_FILES, type filesChannels } from '../../../shared/ipc/channels/files.js';
import { IpcFailure } from '../failure.js';
import type { HandlersFor } from '../types.js';
import type { PickedFiles } from '../../staging/picked-files.js';
import { sourceUnreadable } from '../../staging/source-problem.js';

/** The native open dialog (Electron); absent in the browser host. Answers absolute paths. */
export interface FilePicker {
  pick(opts: { multiple: boolean; title: string }): Promise<string[]>;
}

export function filesHandlers(picker: FilePicker | undefined, picked: PickedFiles): HandlersFor<typeof filesChannels> {
  return {
    'files.pickForUpload': async ({ multiple, title }) => {
      if (!picker)
        throw new IpcFailure('unavailable', 'No file dialog in the browser: drop the files onto the page instead.');
      const paths = await picker.pick({ multiple: multiple ?? true, title: title ?? 'Choose files to upload' });
      // Refused whole, before any is looked at: keeping the first 500 would leave the user to find which
      // of the rest were not taken. Answered past the cap, the choice failed the response check instead
      // ("Internal error") and was lost without a word of why.
      if (paths.length > MAX_PICKED_FILES)
        throw new IpcFailure(
          'failed',
          `Nothing was added: you chose ${paths.length} files, and at most ${MAX_PICKED_FILES} can be added at once. ` +
            `Choose them in groups of ${MAX_PICKED_FILES} or fewer.`,
        );
      const files = [];
      const unreadable = [];
      for (const path of paths) {
        // One file that cannot be read must not lose the rest of the choice: it is named, they are added.
        const s = await stat(path).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
        // In words, by its name: the system's text names the path, which the page is never told.
        if (s instanceof Error)
          unreadable.push({ name: basename(path), reason: sourceUnreadable(s, basename(path)).message });
        else if (s.isFile()) files.push({ id: picked.add(path), name: basename(path), size: s.size });
      }
      return { cancelled: paths.length === 0, files, ...(unreadable.length ? { unreadable } : {}) };
    },
  };
}
