import { describe, expect, it } from 'vitest';
import { startSandboxInWorker } from '../../../main/sandbox/worker/start-in-worker.js';

const list = (url: string, token: string) =>
  fetch(`${url}/labsheets/fetch-list`, { headers: { authorization: `Bearer ${token}` } });

describe('the embedded sandbox on its own thread', () => {
  it('serves the demo lab over HTTP from the worker and stops when closed', async () => {
    const s = await startSandboxInWorker({ mode: 'v2' });
    const res = await list(s.url, s.demoToken);
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).toContain('Samples');
    await s.close();
    await expect(list(s.url, s.demoToken)).rejects.toThrow();
    // Closing twice is one close.
    await s.close();
  });

  it('a start that fails in the worker rejects with its reason, and the first keeps serving', async () => {
    const first = await startSandboxInWorker({ mode: 'v2' });
    try {
      const port = Number(new URL(first.url).port);
      await expect(startSandboxInWorker({ mode: 'v2', port })).rejects.toThrow(/EADDRINUSE/);
      expect((await list(first.url, first.demoToken)).status).toBe(200);
    } finally {
      await first.close();
    }
  });
});
