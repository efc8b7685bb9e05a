import { typedCode } from '../../../shared/barcode/aim.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import { pageOfAttach, pageRefOf, type PageRef } from '../../../shared/ipc/channels/plate-record.js';
import { attachesIn, naming } from './page-attaches.js';

/**
 * A page's uuid as a scanner or a copy from the notebook gives it. The contract names a page by uuid
 * as well as by hrid or name (attach-image takes any); sent as a name, no page had it, and the picture
 * was refused as "not found" only once the queue tried it.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The notebook page a scanned or typed text names by its shape: its uuid, else what pageRefOf reads (an
 * ID, or a name), or why it cannot be one. Lower-cased: a uuid is one whatever its case, and a service
 * compares the text.
 */
export function notebookPageOf(text: string): { ref: PageRef } | { problem: string } {
  return pageOfCode(typedCode(text));
}

/** notebookPageOf for a code already trimmed and without an AIM id. */
function pageOfCode(code: string): { ref: PageRef } | { problem: string } {
  return UUID.test(code) ? { ref: { uuid: code.toLowerCase() } } : pageRefOf(code);
}

/** The shape every version read as a page's ID (letters, a hyphen, digits): never sent as a name. */
const ALWAYS_AN_ID = /^[A-Z]{2,6}-\d+$/i;

/**
 * The notebook page a text names: by its shape (notebookPageOf), except that a text of an ID's shape that
 * older versions sent as a name (EXP-2024-001, Batch-2024-01) and this computer has put a picture on by that
 * name (a done attach-image, kept in the outbox for a month) goes by its name again: that page exists, and
 * a page named "Batch-2024-01" is not lost to the wider reading of IDs. The service lists no pages (the
 * spec shows no list of experiments, protocols or documentation), so these are the only pages known here.
 * Main out of reach: the shape decides (the filing then says why it failed).
 */
export async function notebookPageNamed(
  api: BenchlinkApi,
  text: string,
): Promise<{ ref: PageRef } | { problem: string }> {
  const typed = typedCode(text);
  const read = pageOfCode(typed);
  // In doubt only where versions differ: an ID of more than one group (EXP-2024-001) went as a name before.
  if ('problem' in read || !('hrid' in read.ref) || ALWAYS_AN_ID.test(typed)) return read;
  const ways: PageRef[] = [read.ref, { name: typed }];
  const done = await attachesIn(api, ways, ['done']);
  const before = done?.find((e) => ways.some((w) => naming(w)(e)));
  const ref = before ? pageOfAttach(before.intent.request) : null;
  return ref ? { ref } : read;
}

/** A page as the bench reads it in a sentence: its ID, its name in quotes, or "the page <uuid>". */
export const pageShown = (p: PageRef): string =>
  'hrid' in p ? p.hrid : 'name' in p ? `“${p.name}”` : `the page ${p.uuid}`;
