export * from './result.js';
export * from './channel.js';
export * from './settings.js';
export * from './status.js';
export * from './contract.js';
export * from './api.js';
export { LAB_READ_ENDPOINTS, labChannelName, type LabReadEndpoint, type LabChannelName } from './channels/lab.js';
export { tokenValue } from './channels/token.js';
export { pickedFile, type PickedFile } from './channels/files.js';
