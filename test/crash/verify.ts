import type { SandboxHandle } from '../../main/sandbox/server.js';
import { serverRow, serverWell } from '../integration/sync/stack.js';
import { PAGE, PLATE, scanAt, slotKey, type Slot } from './plan.js';

export interface Verdict {
  lost: number;
  duplicated: number;
  details: string[];
}

/**
 * Folds every acknowledged scan in order into the state the server must hold (last scan per slot
 * wins) and compares it with what the sandbox holds. A slot whose value differs is a lost scan; a
 * webhook delivered more than once is a visible duplicate.
 */
export function verify(sandbox: SandboxHandle, acked: ReadonlySet<number>, total: number, boxUuid: string): Verdict {
  const expected = new Map<string, { slot: Slot; value: string; k: number }>();
  const details: string[] = [];
  let lost = 0;
  let duplicated = 0;
  for (let k = 0; k < total; k++) {
    if (!acked.has(k)) {
      lost++;
      details.push(`scan ${k} was never acknowledged`);
      continue;
    }
    const s = scanAt(k, boxUuid);
    expected.set(slotKey(s.slot), { slot: s.slot, value: s.value, k });
  }
  const webhookCounts = new Map<number, number>();
  for (const w of sandbox.store.webhooks.list()) {
    const scan = Number(w.body.scan);
    webhookCounts.set(scan, (webhookCounts.get(scan) ?? 0) + 1);
  }
  const [page] = sandbox.store.eln.pageBy('hrid', PAGE);
  const images = page ? sandbox.store.eln.images(page.uuid) : [];
  const uploads = sandbox.store.uploads.list();
  for (const { slot, value, k } of expected.values()) {
    let actual: string;
    if (slot.kind === 'record') {
      // One file on the service, attached once, by the file id that upload got.
      const files = uploads.filter((u) => u.fileName === slot.fileName);
      const attached = images.filter((i) => i.imageName === slot.fileName);
      if (files.length > 1 || attached.length > 1) {
        duplicated += Math.max(files.length, attached.length) - 1;
        details.push(`record of scan ${k}: ${files.length} uploads, attached ${attached.length} times`);
      }
      actual =
        attached.length >= 1 && files.some((f) => f.fileId === attached[0]!.imageUuid)
          ? 'attached'
          : `${files.length} upload(s), ${attached.length} attached`;
    } else if (slot.kind === 'well') actual = serverWell(sandbox, PLATE, slot.position).sampleId ?? '(empty)';
    else if (slot.kind === 'row') actual = String(serverRow(sandbox, 'Samples', slot.id)?.byName.Notes ?? '(none)');
    else if (slot.kind === 'tube') {
      const row = serverRow(sandbox, 'Samples', slot.barcode);
      actual = `${row?.locationUuid ?? '-'}@${row?.position ?? '-'}`;
    } else {
      const n = webhookCounts.get(slot.scan) ?? 0;
      if (n > 1) {
        duplicated += n - 1;
        details.push(`webhook of scan ${k} delivered ${n} times`);
      }
      actual = n >= 1 ? 'sent' : '(not delivered)';
    }
    if (actual !== value) {
      lost++;
      details.push(`scan ${k} (${slotKey(slot)}): expected ${value}, server has ${actual}`);
    }
  }
  return { lost, duplicated, details };
}
