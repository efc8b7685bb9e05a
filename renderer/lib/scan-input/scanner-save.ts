import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { ScannerSettings } from '../../../shared/barcode/scanner-settings.js';

/**
 * Saves a change to the scanner settings (Settings → Scanners). A change main could not save is not
 * in use: the settings stay as main runs them, and `notSaved` says so, so the card does not show the
 * change as made.
 */
export async function saveScannerSettings(
  api: BenchlinkApi,
  current: ScannerSettings,
  patch: Partial<ScannerSettings>,
): Promise<{ settings: ScannerSettings; notSaved: string | null }> {
  const r = await api.invoke('scanner.configure', { settings: patch });
  return r.ok
    ? { settings: r.value.settings, notSaved: null }
    : { settings: current, notSaved: `Not saved: ${r.error.message}` };
}
