import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { labelsChannels } from '../../../../shared/ipc/channels/labels.js';
import type { IpcResult } from '../../../../shared/ipc/result.js';
import type { ConfiguredPrinter } from '../../../../shared/ipc/settings.js';
import { labelsHandlers } from '../../../../main/ipc/handlers/labels.js';
import { createRouter } from '../../../../main/ipc/router.js';
import type { Logger } from '../../../../main/common/logger.js';
import { createTemplateStore } from '../../../../main/labels/index.js';

/**
 * The labels channels behind the real router, with a real template store in a fresh temp dir:
 * every call goes through the same envelope, size, hostile-key and zod checks as in the app.
 */
export interface LabelsRig {
  dataDir: string;
  warnings: string[];
  call(channel: string, payload: unknown): Promise<IpcResult<unknown>>;
  /** A call expected to succeed; fails the test with the error otherwise. */
  value<T>(channel: string, payload: unknown): Promise<T>;
  close(): Promise<void>;
}

/** `printers` stands for the list Settings holds: the only destinations sendToPrinter accepts. */
export async function labelsRig(printers: ConfiguredPrinter[] = []): Promise<LabelsRig> {
  const dataDir = await mkdtemp(join(tmpdir(), 'benchlink-labels-ipc-'));
  const warnings: string[] = [];
  const log: Logger = {
    info: () => {},
    warn: (m, f) => warnings.push(`${m} ${JSON.stringify(f)}`),
    error: (m, f) => warnings.push(`${m} ${JSON.stringify(f)}`),
  };
  const router = createRouter({
    channels: labelsChannels,
    handlers: labelsHandlers(createTemplateStore(dataDir), () => printers),
    log,
  });
  const call = (channel: string, payload: unknown) => router.handle({ channel, payload }, { transport: 'test' });
  return {
    dataDir,
    warnings,
    call,
    async value<T>(channel: string, payload: unknown): Promise<T> {
      const r = await call(channel, payload);
      if (!r.ok) throw new Error(`${channel} failed: ${JSON.stringify(r.error)}`);
      return r.value as T;
    },
    close: () => rm(dataDir, { recursive: true, force: true }),
  };
}
