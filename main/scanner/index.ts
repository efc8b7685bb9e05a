export { createScannerService, type ScannerService, type ScannerServiceDeps } from './service.js';
export { createNodeHidLayer, type NodeHidLayerOptions } from './node-hid-layer.js';
export { monotonicClock, nodeTimers } from './real-deps.js';
export { renderCommandSheet, type CommandSheetOptions } from './command-sheet.js';
export type * from './types.js';
