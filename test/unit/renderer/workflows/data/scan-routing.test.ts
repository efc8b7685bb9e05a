import { describe, expect, it } from 'vitest';
import { DataScanRouter } from '../../../../../renderer/workflows/data/scan-routing.js';

describe('Data screen scan routing', () => {
  it('sends a scan to the registered tab only, and says null for a tab that takes none', async () => {
    const r = new DataScanRouter();
    const seen: string[] = [];
    r.register('manifests', async (t) => (seen.push(t), { text: `looked up ${t}`, ok: true }));
    await expect(r.route('manifests', 'PLT000001')).resolves.toEqual({ text: 'looked up PLT000001', ok: true });
    expect(r.route('webhooks', 'X')).toBeNull();
    expect(seen).toEqual(['PLT000001']);
  });

  it('unregistering removes only the registration it belongs to', () => {
    const r = new DataScanRouter();
    const offOld = r.register('labsheets', async () => ({ text: 'old', ok: true }));
    r.register('labsheets', async () => ({ text: 'new', ok: true })); // a remounted panel registered again
    offOld();
    expect(r.route('labsheets', 'S-1')).not.toBeNull();
  });
});
