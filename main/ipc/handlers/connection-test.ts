import { ApiError } from '../../api/errors.js';
import type { ConnectionTestResult } from '../../../shared/ipc/status.js';
import type { LabReadClient } from '../../connection/types.js';
import type { ConnectionMonitor } from '../../connection/monitor.js';

/**
 * One cheap authenticated read (the labspace list) tells apart "connected", "token refused" and
 * "cannot reach the server" — the three things a user fixes differently.
 */
export async function testConnection(
  getClient: () => Promise<LabReadClient>,
  live: ConnectionMonitor,
  report: boolean,
): Promise<ConnectionTestResult> {
  const started = performance.now();
  try {
    const client = await getClient();
    await client.fetchLabspaceList({});
    if (report) live.report('ok');
    return { ok: true, kind: 'ok', message: 'Connected.', latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    if (err instanceof ApiError) {
      if (err.kind === 'auth') {
        if (report) live.report('auth');
        return {
          ok: false,
          kind: err.status === 403 ? 'no-token' : 'auth',
          message: err.status === 403 ? 'No token was sent. Enter a token first.' : 'The server refused this token.',
        };
      }
      if (err.kind === 'network' || err.kind === 'timeout') {
        if (report) live.report('network');
        return { ok: false, kind: 'network', message: `Cannot reach the service: ${err.message}` };
      }
      return { ok: false, kind: 'error', message: err.message };
    }
    return { ok: false, kind: 'error', message: err instanceof Error ? err.message : 'Connection test failed.' };
  }
}
