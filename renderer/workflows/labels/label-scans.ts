import { idRefusal } from '../../lib/scan-input/scan-kind.js';
import { lookedUpCode } from '../../lib/scan-input/looked-up-code.js';
import type { IncomingScan } from '../../lib/scan-input/scan-hub.svelte.js';
import { KIND_WORDS } from '../../../shared/barcode/lab-shapes.js';
import type { PatternKind } from '../../../shared/barcode/patterns.js';
import { SOURCE_NAMES, type LabelSources, type Outcome, type SourceKind } from './label-sources.svelte.js';

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
  if (isLabelled(kind) && (LABELLED_BY[kind] === 'rows') !== rows)
    return {
      ok: false,
      message: `${read.c.value} is a ${KIND_WORDS[kind]}: to label it, choose ${SOURCE_NAMES[LABELLED_BY[kind]]} and scan it again`,
    };
  return rows ? sources.addRow(read.c.value) : sources.loadPlate({ barcode: read.c.value });
}

/** The source that labels a code of each kind: a tube or sample in the batch, a plate or box as itself. */
const LABELLED_BY = {
  tube: 'rows',
  'sample-id': 'rows',
  plate: 'plate',
  box: 'plate',
} as const satisfies Partial<Record<PatternKind, SourceKind>>;
const isLabelled = (kind: string): kind is keyof typeof LABELLED_BY => kind in LABELLED_BY;
