export { call, connectIpc, IpcCallError } from './client.js';
export { createWsApi } from './ws-client.js';
export type { BenchlinkApi } from '../../../shared/ipc/api.js';
