/**
 * Runs `fn` at an idle moment (within `timeoutMs`), or after a zero delay where the page has no
 * requestIdleCallback (Node, where the workflow state modules are unit-tested; older WebViews).
 */
export function whenIdle(fn: () => void, timeoutMs: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: timeoutMs });
  else setTimeout(fn, 0);
}
