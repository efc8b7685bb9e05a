/**
 * Lets main answer other messages (a scan's enqueue, a ping) between pieces of long synchronous work:
 * one barcode drawn, one label laid out. Node's setImmediate runs after the I/O already waiting.
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
