import { dialog, type BrowserWindow } from 'electron';
import type { FilePicker } from '../ipc/handlers/files.js';

/** The native open dialog: the only way a file path for upload enters the app in Electron. */
export function nativeFilePicker(getWindow: () => BrowserWindow | null): FilePicker {
  return {
    async pick({ multiple, title }) {
      const win = getWindow();
      const properties: Array<'openFile' | 'multiSelections'> = multiple
        ? ['openFile', 'multiSelections']
        : ['openFile'];
      const r = win
        ? await dialog.showOpenDialog(win, { title, properties })
        : await dialog.showOpenDialog({ title, properties });
      return r.canceled ? [] : r.filePaths;
    },
  };
}
