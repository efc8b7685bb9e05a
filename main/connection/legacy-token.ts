import type { ConnectionSetting } from '../../shared/ipc/settings.js';
import type { Logger } from '../common/logger.js';
import type { TokenVault } from '../vault/types.js';
import { tokenAccount } from './monitor.js';

/**
 * Before tokens were bound to all three origins they were stored under the base URL alone. Where
 * files and events live on the base's own origin, that token was only ever sent there, so it is
 * moved to the bound account; otherwise it is left unused and the user enters it again (it may
 * have gone to the other origins, which is exactly what binding stops).
 */
export async function adoptLegacyToken(vault: TokenVault, setting: ConnectionSetting, log: Logger): Promise<boolean> {
  if (setting.kind !== 'custom') return false;
  const origin = (u: string) => new URL(u).origin;
  const base = origin(setting.baseUrl);
  if (origin(setting.filesUrl) !== base || origin(setting.eventsUrl) !== base) return false;
  const legacy = new URL(setting.baseUrl).href;
  const bound = tokenAccount(setting);
  try {
    if (await vault.has(bound)) return false;
    const token = await vault.get(legacy);
    if (token === null) return false;
    await vault.set(bound, token);
    await vault.clear(legacy);
    log.info('token moved to its origin-bound keychain entry');
    return true;
  } catch (err) {
    log.warn('the stored token could not be moved; enter it again in Settings', { error: String(err) });
    return false;
  }
}
