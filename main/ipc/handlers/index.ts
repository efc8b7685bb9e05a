import type { CHANNELS } from '../../../shared/ipc/contract.js';
import type { HandlersFor } from '../types.js';
import { appHandlers } from './app.js';
import { dataHandlers } from './data.js';
import type { ShellDeps } from './deps.js';
import { labHandlers } from './lab.js';
import { settingsHandlers } from './settings.js';
import { tokenHandlers } from './token.js';

export type { ShellDeps } from './deps.js';

/**
 * The shell's handlers. Other services contribute their own group in main/app.ts the same way
 * (e.g. `...outboxHandlers(outbox)`); `satisfies HandlersFor<typeof CHANNELS>` there catches gaps.
 */
export function shellHandlers(d: ShellDeps) {
  return {
    ...appHandlers(d),
    ...settingsHandlers(d),
    ...tokenHandlers(d),
    ...labHandlers(d),
    ...dataHandlers(d),
  } satisfies Partial<HandlersFor<typeof CHANNELS>>;
}
