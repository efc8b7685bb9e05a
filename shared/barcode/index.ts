export * from './aim.js';
export * from './classify.js';
export * from './commands.js';
export * from './dedupe.js';
export * from './gs1.js';
export { KNOWN_AIS, type AiSpec } from './gs1-ais.js';
export * from './patterns.js';
export * from './sanitize.js';
export * from './scanner-settings.js';
