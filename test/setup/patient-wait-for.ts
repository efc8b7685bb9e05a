import { vi } from 'vitest';

/**
 * `vi.waitFor` gives up after 1 s unless a test says otherwise, and vitest has no setting for it. On a
 * 2-core CI machine with both workers busy, a wait that takes 0.1 s alone took 0.85 s (the Labels
 * preview drawing 48 symbols), and one over 1 s fails a whole run. A wait that passes returns as soon as
 * it does, so a longer limit costs nothing there; it only lets a slow machine finish. Tests that give
 * their own timeout keep it.
 */
const PATIENT_TIMEOUT_MS = 10_000;

// Files in the shared project run this in one module context: wrap vi.waitFor once.
const wrapped = Symbol.for('benchlink.patientWaitFor');
const holder = vi as typeof vi & { [wrapped]?: true };
if (!holder[wrapped]) {
  holder[wrapped] = true;
  const waitFor = vi.waitFor.bind(vi);
  holder.waitFor = ((callback, options) =>
    waitFor(
      callback,
      typeof options === 'number' ? options : { ...options, timeout: options?.timeout ?? PATIENT_TIMEOUT_MS },
    )) as typeof vi.waitFor;
}
