import { contextBridge, ipcRenderer } from 'electron';
// shared/ipc/api.ts has no runtime imports, so these constants inline into the CommonJS bundle.
import { IPC_EVENT as EVENT, IPC_INVOKE as INVOKE, type BenchlinkApi } from '../shared/ipc/api.js';

/**
 * The renderer's only door to main: forward invoke and subscribe, nothing else. Main validates
 * every message against the contract; the renderer never sees ipcRenderer or an IpcRendererEvent.
 */
export const api: BenchlinkApi = {
  invoke: (channel, payload) => ipcRenderer.invoke(INVOKE, { channel, payload }),
  subscribe(event, listener) {
    const forward = (_e: unknown, name: unknown, payload: unknown) => {
      if (name === event) listener(payload as never);
    };
    ipcRenderer.on(EVENT, forward);
    return () => void ipcRenderer.removeListener(EVENT, forward);
  },
};

contextBridge.exposeInMainWorld('benchlink', api);
