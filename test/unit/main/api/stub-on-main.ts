import { expect } from 'vitest';
import type { ConnectionSetting } from '../../../../shared/ipc/settings.js';
import { inProcessApi, type InProcess } from '../../../helpers/in-process-api.js';
import { startStub, type Stub } from './stub-server.js';

/**
 * The real main in-process, its saved connection a custom service at a scripted stub (API v2, one
 * address for all three). Both go into `open`, for the test file's afterEach to close, newest first.
 */
export async function customServiceOnMain(
  open: { close(): Promise<void> }[],
): Promise<{ p: InProcess; stub: Stub; connection: ConnectionSetting }> {
  const stub = await startStub();
  open.push(stub);
  const p = await inProcessApi();
  open.push(p);
  const connection: ConnectionSetting = {
    kind: 'custom',
    mode: 'v2',
    baseUrl: stub.url,
    filesUrl: stub.url,
    eventsUrl: stub.url,
  };
  const saved = await p.api.invoke('settings.set', { connection });
  expect(saved.ok).toBe(true);
  return { p, stub, connection };
}
