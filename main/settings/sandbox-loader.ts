import type { StartSandbox } from './connection-types.js';

/**
 * Loads main/sandbox's `startSandbox` when that module is present. The specifier is computed so
 * the shell compiles and runs before (or without) the sandbox; "Local sandbox" then reports that
 * it is unavailable instead of the app failing to start.
 */
export async function loadStartSandbox(): Promise<StartSandbox | undefined> {
  const specifier = ['..', 'sandbox', 'server.js'].join('/');
  try {
    const mod: unknown = await import(specifier);
    const start = (mod as { startSandbox?: unknown }).startSandbox;
    return typeof start === 'function' ? (start as StartSandbox) : undefined;
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

function isNotFound(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}
