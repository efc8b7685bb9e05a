import { describe, expect, it } from 'vitest';
import { NetworkError, NotFoundError } from '../../../../main/api/errors.js';
import { dataHandlers } from '../../../../main/ipc/handlers/data.js';
import type { ConnectionMonitor } from '../../../../main/connection/monitor.js';
import type { LabReadClient } from '../../../../main/connection/types.js';

const seq = { success: true, sequence: { name: 'pUC', type: 'DNA', uuid: 'u1', sequence: 'ACGT', circular: true } };

function fakeLive(find: (name: string) => Promise<typeof seq>) {
  const reports: string[] = [];
  // Only the two members the data handlers use; the rest of ConnectionMonitor is irrelevant here.
  const live = {
    client: async () => ({ findSequenceByName: find }) as unknown as LabReadClient,
    report: (o: string) => void reports.push(o),
  } as unknown as ConnectionMonitor;
  return { live, reports };
}
const ctx = { transport: 'test' as const };

describe('data.* handlers', () => {
  it('data.findSequenceByName asks the client by name and reports the connection as working', async () => {
    const asked: string[] = [];
    const { live, reports } = fakeLive(async (name) => (asked.push(name), seq));
    await expect(dataHandlers({ live })['data.findSequenceByName']({ name: 'pUC' }, ctx)).resolves.toEqual(seq);
    expect(asked).toEqual(['pUC']);
    expect(reports).toEqual(['ok']);
  });

  it('passes service errors through (the router turns them into typed IPC errors) and reports offline', async () => {
    const nf = fakeLive(async () => {
      throw new NotFoundError('not found', { endpoint: 'listSequences', status: 404 });
    });
    await expect(dataHandlers({ live: nf.live })['data.findSequenceByName']({ name: 'x' }, ctx)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(nf.reports).toEqual([]);

    const off = fakeLive(async () => {
      throw new NetworkError('could not reach the service', { endpoint: 'listSequences' });
    });
    await expect(
      dataHandlers({ live: off.live })['data.findSequenceByName']({ name: 'x' }, ctx),
    ).rejects.toBeInstanceOf(NetworkError);
    expect(off.reports).toEqual(['network']);
  });
});
