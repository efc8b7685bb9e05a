import { CHANNELS, CHANNEL_NAMES } from '../../../../shared/ipc/contract.js';
import { createRouter, type Router } from '../../../../main/ipc/router.js';
import type { HandlersFor } from '../../../../main/ipc/types.js';
import type { Logger } from '../../../../main/common/logger.js';

/** A router over the real contract whose every handler is a spy: it counts calls and answers a valid result. */
export function spyRouter(): { router: Router; calls: Map<string, number>; lines: string[]; log: Logger } {
  const calls = new Map<string, number>();
  const lines: string[] = [];
  const log: Logger = {
    info: (m, f) => lines.push(`info ${m} ${JSON.stringify(f ?? {})}`),
    warn: (m, f) => lines.push(`warn ${m} ${JSON.stringify(f ?? {})}`),
    error: (m, f) => lines.push(`error ${m} ${JSON.stringify(f ?? {})}`),
  };
  const tokenStatus = {
    set: true,
    stored: 'memory-only',
    source: 'user',
    rejected: false,
    notReceived: false,
    storeProblem: null,
  } as const;
  const answers: Record<string, unknown> = {
    'app.info': { name: 'Benchlink', version: '0.0.0', shell: 'browser-host', platform: 'linux', nativeDialogs: false },
    'app.status': {
      connection: { kind: 'local-sandbox', label: 'x', baseUrl: null, state: 'starting', message: null },
      online: 'unknown',
      token: tokenStatus,
      notices: [],
    },
    'connection.test': { ok: true, kind: 'ok', message: 'Connected.' },
    'settings.get': {
      version: 1,
      connection: { kind: 'local-sandbox', mode: 'v2' },
      scanner: {},
      ui: { highContrast: false, sounds: true, fillOrder: 'row-major' },
    },
    'token.status': tokenStatus,
    'token.set': tokenStatus,
    'token.clear': tokenStatus,
    'token.restore': tokenStatus,
    'token.test': { ok: true, kind: 'ok', message: 'Connected.' },
    'files.pickForUpload': { cancelled: true, files: [] },
    'lab.fetchLabsheetRows': { headers: ['uuid'], rows: [], total: 0, success: true },
    'outbox.await': { state: 'pending', mayHaveArrived: null },
    'outbox.enqueue': { id: 1 },
  };
  answers['settings.set'] = answers['settings.get'];
  const handlers = Object.fromEntries(
    CHANNEL_NAMES.map((name) => [
      name,
      () => {
        calls.set(name, (calls.get(name) ?? 0) + 1);
        return answers[name] ?? {};
      },
    ]),
  ) as unknown as HandlersFor<typeof CHANNELS>; // built by name from the same list the type is made of
  return { router: createRouter({ channels: CHANNELS, handlers, log }), calls, lines, log };
}

export const totalCalls = (calls: Map<string, number>): number => [...calls.values()].reduce((a, b) => a + b, 0);
