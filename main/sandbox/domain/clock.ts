/** Injected time source, so tests can step time (e.g. location-create delays) without patching Date. */
export type Clock = () => number;
export const systemClock: Clock = () => Date.now();
