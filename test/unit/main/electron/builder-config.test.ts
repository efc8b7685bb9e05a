import { fileURLToPath } from 'node:url';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { DebugLogger } from 'builder-util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * electron-builder.yml as electron-builder itself reads it (its own loader and schema check, the
 * steps `npm run dist` runs before packaging), not a text search of the file.
 */
async function builtConfig() {
  const config = await getConfig(root, 'electron-builder.yml', null);
  await validateConfiguration(config, new DebugLogger(false));
  return config;
}

describe('electron-builder configuration', () => {
  it('is valid for electron-builder and flips every security fuse', async () => {
    const config = await builtConfig();
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
      enableCookieEncryption: true,
    });
  });

  it('packs the app into an asar with integrity kept, native modules unpacked, output outside Vite dist', async () => {
    const config = await builtConfig();
    // Integrity validation needs the asar and its embedded hash.
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toEqual(expect.arrayContaining(['**/node_modules/better-sqlite3/**', '**/*.node']));
    expect(config.directories?.output).toBe('release');
  });
});
