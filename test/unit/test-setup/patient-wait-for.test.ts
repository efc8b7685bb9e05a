import { describe, expect, it, vi } from 'vitest';

// test/setup/patient-wait-for.ts: a wait that needs longer than vitest's own 1 s still passes on a
// loaded CI machine; one that names its own limit keeps it.
describe('vi.waitFor in this suite', () => {
  it('waits past 1 s when the test names no limit', async () => {
    const start = performance.now();
    await vi.waitFor(() => expect(performance.now() - start).toBeGreaterThan(1_300));
  });

  it('keeps a limit the test names', async () => {
    const start = performance.now();
    await expect(vi.waitFor(() => expect(false).toBe(true), { timeout: 200 })).rejects.toThrow();
    expect(performance.now() - start).toBeLessThan(5_000);
  });
});
