import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '@playwright/test';
import Database from 'better-sqlite3';
import { lockOutbox } from '../../helpers/locked-outbox.js';
import { startFaultProxy, type FaultProxy, type FaultRule } from '../../helpers/fault-proxy.js';
import { startChild, stopChild } from '../child.js';
import { builtMain } from '../built-main.js';
import { freePort } from '../../helpers/free-port.js';

export const DEMO_TOKEN = '5b2c8f0e-7a41-4c3e-9d2a-1f6e8b4c7a90';

/**
 * A browser host whose connection points at a sandbox in its own process, so a test can take
 * the service away (stop) and bring it back with the same data (start): the "network drop".
 */
export interface Stack {
  hostUrl: string;
  sandboxUrl: string;
  stopSandbox(): Promise<void>;
  startSandbox(): Promise<void>;
  /** A call to the sandbox with the demo token, to check the final state as the server has it. */
  api(path: string, body?: unknown): Promise<unknown>;
  /**
   * The wells of a plate as the service has stored them, read from its database: a service answering
   * as the spec shows (`--answers spec`) lists no wells over HTTP.
   */
  serverWells(hrid: string): { position: string; sample: string | null; label: string }[];
  /** Files the service stored (files/store-and-embed), read from its database: name, id, bytes on disk. */
  serverFiles(): { fileName: string; fileId: string; path: string | null; status: string }[];
  /** Images attached to a notebook page (labspace/experiment/attach-image), read from its database. */
  serverPageImages(hrid: string): { imageUuid: string; imageName: string }[];
  /** Rewrites an outbox entry's stored kind and payload beside the running host, as a newer version would. */
  storeEntry(id: number, type: string, payload: string): void;
  /**
   * Ends the outbox entries whose payload names `text` in `state` with `error`, beside the running host, as
   * a sync would (repeated 5xx until it gives up, an answer lost): states a test cannot wait for in seconds.
   */
  storeEntryState(text: string, state: string, error: { kind: string; message: string; status?: number }): void;
  /**
   * Faults between the host and the service (a stack started with `faults`): the answers a real
   * network or service gives that the sandbox never does, such as one that names no result for a file.
   */
  setFaults(plan: FaultRule[]): void;
  /** The outbox locked beside the running host, as a second copy or a backup tool would; the answer releases it. */
  lockOutbox(): () => void;
  /** SIGKILL to the browser host (no goodbye, as a crash or a power cut), waiting until it is gone. */
  killHost(): Promise<void>;
  /** The host again, on the same port, data dir and key: the open page can reconnect. */
  restartHost(): Promise<void>;
  close(): Promise<void>;
}

export interface StackOptions {
  /** The sandbox's answer profile (default extended, the demo). */
  answers?: 'extended' | 'spec' | 'varied';
  /** The host reaches the service through the fault proxy (test/helpers/fault-proxy.ts): see `setFaults`. */
  faults?: boolean;
}

export async function startStack(o: StackOptions = {}): Promise<Stack> {
  const dir = mkdtempSync(join(tmpdir(), 'benchlink-wf-'));
  const port = await freePort();
  const sandboxUrl = `http://127.0.0.1:${port}`;
  const db = join(dir, 'service.db');
  let sandbox: ChildProcess | null = null;
  const startSandbox = async () => {
    const args = [
      builtMain('sandbox/cli.js'),
      '--port',
      String(port),
      '--mode',
      'v2',
      '--db',
      db,
      '--answers',
      o.answers ?? 'extended',
    ];
    sandbox = (
      await startChild(process.execPath, args, { ready: /listening on/, timeoutMs: 40_000, what: 'the sandbox' })
    ).child;
  };
  await startSandbox();
  // Started once, in front of the sandbox's port: it keeps forwarding there across stop and start.
  const proxy: FaultProxy | null = o.faults ? await startFaultProxy({ target: sandboxUrl }) : null;
  const serviceUrl = proxy?.url ?? sandboxUrl;
  const dataDir = join(dir, 'app');
  mkdirSync(dataDir);
  writeFileSync(
    join(dataDir, 'settings.json'),
    JSON.stringify({
      version: 1,
      connection: { kind: 'custom', baseUrl: serviceUrl, filesUrl: serviceUrl, eventsUrl: serviceUrl, mode: 'v2' },
      scanner: {},
      ui: { highContrast: false, sounds: false, fillOrder: 'row-major' },
    }),
  );
  // node itself (no wrapper), so the pid we hold is the host's and a SIGKILL reaches it.
  const hostPort = await freePort();
  const startHost = () =>
    startChild(process.execPath, [builtMain('host/cli.js'), '--port', String(hostPort), '--data-dir', dataDir], {
      ready: /Benchlink browser host: (\S+)/,
      timeoutMs: 40_000,
      what: 'the browser host',
    });
  let host = await startHost();
  const readService = <T>(q: (read: Database.Database) => T): T => {
    const read = new Database(db, { readonly: true, fileMustExist: true });
    try {
      return q(read);
    } finally {
      read.close();
    }
  };
  return {
    hostUrl: host.match[1]!,
    async killHost() {
      const gone = new Promise<void>((r) => host.child.once('exit', () => r()));
      host.child.kill('SIGKILL');
      await gone;
    },
    async restartHost() {
      host = await startHost();
    },
    sandboxUrl,
    stopSandbox: () => stopChild(sandbox),
    startSandbox,
    async api(path, body) {
      const res = await fetch(`${sandboxUrl}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${DEMO_TOKEN}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return res.json();
    },
    serverWells(hrid) {
      const read = new Database(db, { readonly: true, fileMustExist: true });
      try {
        return read
          .prepare(
            `SELECT w.position, w.sample_id AS sample, w.label FROM wells w JOIN manifests m ON m.uuid = w.manifest_uuid
          WHERE m.hrid = ? ORDER BY w.row_index, w.column_index`,
          )
          .all(hrid) as { position: string; sample: string | null; label: string }[];
      } finally {
        read.close();
      }
    },
    serverFiles() {
      return readService(
        (read) =>
          read
            .prepare('SELECT file_name AS fileName, file_id AS fileId, path, status FROM uploads ORDER BY uploaded_at')
            .all() as { fileName: string; fileId: string; path: string | null; status: string }[],
      );
    },
    storeEntry(id, type, payload) {
      const outbox = new Database(join(dataDir, 'outbox.db'), { fileMustExist: true });
      try {
        outbox.prepare('UPDATE entries SET type = ?, payload = ? WHERE id = ?').run(type, payload, id);
      } finally {
        outbox.close();
      }
    },
    storeEntryState(text, state, error) {
      const outbox = new Database(join(dataDir, 'outbox.db'), { fileMustExist: true });
      try {
        const lastError = JSON.stringify({ ...error, at: Date.now() });
        const run = outbox
          .prepare('UPDATE entries SET state = ?, last_error = ?, attempts = 8 WHERE instr(payload, ?) > 0')
          .run(state, lastError, text);
        if (run.changes === 0) throw new Error(`no outbox entry names ${text}`);
      } finally {
        outbox.close();
      }
    },
    setFaults(plan) {
      if (!proxy) throw new Error('this stack reaches the service directly: start it with { faults: true }');
      proxy.setFaults(plan);
    },
    lockOutbox: () => lockOutbox(dataDir),
    serverPageImages(hrid) {
      return readService(
        (read) =>
          read
            .prepare(
              `SELECT i.image_uuid AS imageUuid, i.image_name AS imageName FROM page_images i
               JOIN pages p ON p.uuid = i.page_uuid WHERE p.hrid = ? ORDER BY i.id`,
            )
            .all(hrid) as { imageUuid: string; imageName: string }[],
      );
    },
    async close() {
      await stopChild(host.child);
      await proxy?.close();
      await stopChild(sandbox);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One stack for a spec file: its tests run in order against it (they share the service's state),
 * it starts before the first and is closed after the last. Call once at the top of a spec.
 */
export function useStack(options: { timeout?: number } & StackOptions = {}): Stack {
  // Generous by default: these run on shared 2-core machines where a page load can take seconds.
  test.describe.configure({ mode: 'serial', timeout: options.timeout ?? 90_000 });
  let current: Stack | undefined;
  test.beforeAll(async () => {
    current = await startStack(options);
  });
  test.afterAll(async () => {
    await current?.close();
  });
  const live = (): Stack => {
    if (!current) throw new Error('the stack starts in beforeAll; use it inside a test or a later hook');
    return current;
  };
  return {
    get hostUrl() {
      return live().hostUrl;
    },
    get sandboxUrl() {
      return live().sandboxUrl;
    },
    stopSandbox: () => live().stopSandbox(),
    startSandbox: () => live().startSandbox(),
    api: (path, body) => live().api(path, body),
    serverWells: (hrid) => live().serverWells(hrid),
    storeEntryState: (text, state, error) => live().storeEntryState(text, state, error),
    serverFiles: () => live().serverFiles(),
    serverPageImages: (hrid) => live().serverPageImages(hrid),
    storeEntry: (id, type, payload) => live().storeEntry(id, type, payload),
    setFaults: (plan) => live().setFaults(plan),
    lockOutbox: () => live().lockOutbox(),
    killHost: () => live().killHost(),
    restartHost: () => live().restartHost(),
    close: () => live().close(),
  };
}
