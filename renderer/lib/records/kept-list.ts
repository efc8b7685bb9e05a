import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { PlateRecord } from '../../../shared/ipc/channels/plate-record.js';

export type KeptRecord = Omit<PlateRecord, 'entries'>;

/**
 * The newest `limit` plate records kept on this computer, or why they could not be listed: a list that
 * failed said nothing, and the records looked gone (or stayed as they were an hour ago).
 */
export async function keptRecordsNow(
  api: BenchlinkApi,
  limit: number,
): Promise<{ records: KeptRecord[] } | { problem: string }> {
  const r = await api.invoke('plateRecord.list', { limit });
  return r.ok
    ? { records: r.value }
    : { problem: `The plate records kept on this computer could not be listed: ${r.error.message}` };
}
