import type { ManifestMetadata } from '../../../shared/api/manifests.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import { fromIpcError, type ShownError } from './lib/errors.js';
import { latestOnly } from '../../lib/latest.js';
import { lookUpManifest, manifestSaid, type ManifestKey } from './lib/manifest-lookup.js';
import type { DataScanAnswer } from './scan-routing.js';

/** The Manifests tab's look-up: by the key the user chose ("Find by"), or guessed from the value. */
export class ManifestFinder {
  key = $state<ManifestKey | 'auto'>('auto');
  value = $state('');
  busy = $state(false);
  manifest = $state<ManifestMetadata | null>(null);
  error = $state<ShownError | null>(null);
  readonly #lookups = latestOnly();

  constructor(private readonly api: BenchlinkApi) {}

  async lookup(): Promise<DataScanAnswer> {
    const v = this.value.trim();
    if (!v) return { text: 'Nothing to look up', ok: false };
    const current = this.#lookups.begin();
    this.busy = true;
    const { r } = await lookUpManifest(this.api, v, this.key);
    if (!current()) return { text: `${v}: a newer look-up replaced this one`, ok: false };
    this.busy = false;
    this.manifest = r.ok ? r.value : null;
    this.error = r.ok ? null : fromIpcError(r.error);
    return r.ok
      ? { text: manifestSaid(r.value), ok: true }
      : { text: `No manifest: ${this.error?.text ?? ''}`, ok: false };
  }

  /**
   * A scanned code (focus anywhere on the screen), looked up like a typed one by the key the user chose:
   * "Find by: barcode" stays barcode for a barcode that looks like an hrid (BX-20931).
   */
  scanned(text: string): Promise<DataScanAnswer> {
    this.value = text;
    return this.lookup();
  }
}
