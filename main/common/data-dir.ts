import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The same directory Electron's `app.getPath('userData')` gives for productName "Benchlink", so
 * the browser host and the desktop app share settings. BENCHLINK_DATA_DIR overrides it.
 */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (env['BENCHLINK_DATA_DIR']) return env['BENCHLINK_DATA_DIR'];
  const home = homedir();
  if (platform === 'win32') return join(env['APPDATA'] ?? join(home, 'AppData', 'Roaming'), 'Benchlink');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Benchlink');
  return join(env['XDG_CONFIG_HOME'] ?? join(home, '.config'), 'Benchlink');
}
