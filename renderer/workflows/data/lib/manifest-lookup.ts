import { counted } from '../../../lib/format/counted.js';
import type { ManifestMetadata } from '../../../../shared/api/manifests.js';
import { isUuid } from '../../../../shared/api/primitives.js';
import type { BenchlinkApi } from '../../../../shared/ipc/api.js';
import type { IpcResult } from '../../../../shared/ipc/result.js';

export type ManifestKey = 'uuid' | 'hrid' | 'barcode';

/** Human-readable IDs look like "PL-0001": letters, a dash, then digits. */
const HRID = /^[A-Z]{1,6}-\d+$/i;

/** Which identifier a typed or scanned value most likely is; anything else is treated as a barcode. */
export function guessManifestKey(value: string): ManifestKey {
  const v = value.trim();
  if (isUuid(v)) return 'uuid';
  if (HRID.test(v)) return 'hrid';
  return 'barcode';
}

/**
 * The keys a value is looked up by, in order. A key the user chose is the only one. Guessed, the other
 * follows: a barcode may look like an hrid ("BX-20931") or a uuid, and an hrid need not look like one.
 */
export function manifestKeysToTry(value: string, choice: ManifestKey | 'auto'): ManifestKey[] {
  if (choice !== 'auto') return [choice];
  const guess = guessManifestKey(value);
  return guess === 'barcode' ? ['barcode', 'hrid'] : [guess, 'barcode'];
}

/**
 * A manifest by `value`, by the keys manifestKeysToTry gives: the next key only after a not-found (any other
 * failure — offline, refused — is the answer). All not found, the error names every key tried.
 */
export async function lookUpManifest(
  api: BenchlinkApi,
  value: string,
  choice: ManifestKey | 'auto',
): Promise<{ by: ManifestKey; r: IpcResult<ManifestMetadata> }> {
  const [first, ...others] = manifestKeysToTry(value, choice) as [ManifestKey, ...ManifestKey[]];
  const by = async (key: ManifestKey) => ({
    by: key,
    r: await api.invoke('lab.fetchManifestMetadata', { [key]: value }),
  });
  const notFound = (r: IpcResult<ManifestMetadata>) => !r.ok && r.error.kind === 'not-found';
  let found = await by(first);
  for (const key of others) {
    if (!notFound(found.r)) return found;
    found = await by(key);
  }
  if (found.r.ok || !notFound(found.r) || others.length === 0) return found;
  const keys = [first, ...others].join(' or the ');
  return {
    by: found.by,
    r: { ok: false, error: { ...found.r.error, message: `No manifest has the ${keys} "${value}".` } },
  };
}

/** "2026-11-23 08:04 (5 minutes ago)" — local time plus how fresh it is; the raw value if unparsable. */
export function describeLastUpdate(iso: string, now: Date): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
  const mins = Math.round((now.getTime() - at.getTime()) / 60_000);
  const ago =
    mins < 1
      ? 'just now'
      : mins < 60
        ? `${counted(mins, 'minute')} ago`
        : mins < 48 * 60
          ? `${counted(Math.round(mins / 60), 'hour')} ago`
          : `${Math.round(mins / 1440)} days ago`;
  return `${local} (${ago})`;
}

/**
 * A found manifest in one line: "PL-0001 QC Plate 1: 12 empty". The spec promises name and emptySpaces,
 * but a service may leave either out (manifestMetadata reads them so): what is missing is left out of
 * the line, never said as "undefined".
 */
export function manifestSaid(m: { hrid: string; name?: string | undefined; emptySpaces?: number | undefined }): string {
  const name = m.name?.trim() ? ` ${m.name.trim()}` : '';
  return m.emptySpaces === undefined ? `${m.hrid}${name}` : `${m.hrid}${name}: ${m.emptySpaces} empty`;
}
