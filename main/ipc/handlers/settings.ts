import type { settingsChannels } from '../../../shared/ipc/channels/settings.js';
import { serviceIdentity } from '../../../shared/ipc/service-identity.js';
import type { HandlersFor } from '../types.js';
import { IpcFailure } from '../failure.js';
import { SettingsNotSaved } from '../../settings/store.js';
import type { ShellDeps } from './deps.js';

export function settingsHandlers(d: ShellDeps): HandlersFor<typeof settingsChannels> {
  return {
    'settings.get': () => d.settings.get(),
    'settings.set': async (patch) => {
      const before = serviceIdentity(d.settings.get().connection);
      // Past a cap (a 21st printer): the store's own words, not "Internal error … details are in the log".
      const saved = await d.settings.update(patch).catch((err: unknown) => {
        if (err instanceof SettingsNotSaved) throw new IpcFailure('failed', err.message);
        throw err;
      });
      // Switching to (or between modes of) the local sandbox starts it now, not on the first read.
      if (patch.connection) void d.live.resolve().catch(() => undefined);
      d.events.emit('settings.changed', saved);
      // The status reads the keychain, which may be locked or slow to answer: the saved settings are
      // answered now and the status follows when it is ready. Waiting for it held the answer back, so
      // a later change from another window could land first and then be overwritten by this one.
      void d.status().then(
        (s) => d.events.emit('app.status', s),
        // A keychain failure is in the status itself (storeProblem); the next change sends another.
        () => undefined,
      );
      if (serviceIdentity(saved.connection) !== before) d.serviceChanged?.();
      return saved;
    },
  };
}
