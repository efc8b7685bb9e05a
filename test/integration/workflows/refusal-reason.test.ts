import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessApi, type InProcess } from '../../helpers/in-process-api.js';

let env: InProcess;
beforeAll(async () => {
  env = await inProcessApi();
});
afterAll(() => env.close());

// The service's `message` is only the class of failure ("Validation error", "Not found"); what to
// fix is in its `reason`. The Outbox, the await answer and a refused well's ring must carry the latter.
describe("a refused change shows the service's reason, not only its class", () => {
  it('a row update with a value outside a LIST column names the allowed values', async () => {
    const { id } = await env.call('outbox.enqueue', {
      intent: {
        type: 'row-update',
        labsheet: 'Samples',
        idColumn: 'Sample ID',
        id: 'S-0005',
        changes: { Status: 'bogus-status' },
      },
    });
    const settled = await env.call('outbox.await', { id, timeoutMs: 10_000 });
    expect(settled.state).toBe('failed');
    expect(settled.error?.reason).toMatch(/Status.*must be one of/);
    const [listed] = await env.call('outbox.list', { states: ['failed'] });
    expect(listed?.id).toBe(id);
    expect(listed?.lastError?.status).toBe(422);
    expect(listed?.lastError?.reason).toMatch(/must be one of "received", "in use", "depleted", "discarded"/);
  });

  it('a well change for a plate the service does not have says which plate', async () => {
    const uuid = '00000000-0000-4000-8000-000000000000';
    const { id } = await env.call('outbox.enqueue', {
      intent: { type: 'well-set', manifest: { uuid }, position: 'A1', label: 'BLANK' },
    });
    const settled = await env.call('outbox.await', { id, timeoutMs: 10_000 });
    expect(settled.state).toBe('failed');
    expect(settled.error?.reason).toContain(uuid);
  });
});
