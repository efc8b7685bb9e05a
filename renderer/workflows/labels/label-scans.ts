import { idRefusal } from '../../lib/scan-input/scan-kind.js';
import { lookedUpCode } from '../../lib/scan-input/looked-up-code.js';
import type { IncomingScan } from '../../lib/scan-input/scan-hub.svelte.js';
import type { LabelSources, Outcome } from './label-sources.svelte.js';

/**
 * A scan on Labels: a tube or sample ID for the batch of scanned rows, a plate or box for the others,
 * looked up as the classifier reads it (lookedUpCode). GS1 data is no row's ID nor a plate's barcode.
 */
export async function handleLabelScan(sources: LabelSources, scan: IncomingScan): Promise<Outcome> {
  const read = lookedUpCode(scan, 'Labels');
  if (!read.ok) return { ok: false, message: read.said };
  const rows = sources.kind === 'rows';
  if (read.c.kind === 'gs1')
    return {
      ok: false,
      message: `${idRefusal(read.c, rows ? 'a tube or sample ID' : 'a plate or box')}: no label made`,
    };
  // A code of the other source's kind is looked up nowhere: "no plate has TB000011" sent the user
  // looking for a plate, where a tube's label is made from the batch.
  const kind = read.c.kind;
  if (!rows && (kind === 'tube' || kind === 'sample-id'))
    return {
      ok: false,
      message: `${read.code} is a ${KIND_SAID[kind]}: to label it, choose Scanned rows and scan it again`,
    };
  if (rows && (kind === 'plate' || kind === 'box'))
    return {
      ok: false,
      message: `${read.code} is a ${KIND_SAID[kind]}: to label it, choose Plate or box and scan it again`,
    };
  return rows ? sources.addRow(read.code) : sources.loadPlate({ barcode: read.code });
}

const KIND_SAID = { tube: 'tube', 'sample-id': 'sample ID', plate: 'plate', box: 'box' } as const;
