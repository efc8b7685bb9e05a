export * from './intents.js';
export {
  ENDPOINT_OF,
  isIdempotentIntent,
  coalescingKindOf,
  manifestKey,
  targetKeyOf,
  type CoalescingKind,
} from './intent-meta.js';
export * from './well-state.js';
