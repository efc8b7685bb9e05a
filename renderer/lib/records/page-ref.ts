import { pageRefOf, type PageRef } from '../../../shared/ipc/channels/plate-record.js';

/**
 * A page's uuid as a scanner or a copy from the notebook gives it. The contract names a page by uuid
 * as well as by hrid or name (attach-image takes any); sent as a name, no page had it, and the picture
 * was refused as "not found" only once the queue tried it.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The notebook page a scanned or typed text names: its uuid, else what pageRefOf reads (an ID, or a
 * name), or why it cannot be one. Lower-cased: a uuid is one whatever its case, and a service compares
 * the text.
 */
export function notebookPageOf(text: string): { ref: PageRef } | { problem: string } {
  const t = text.trim();
  return UUID.test(t) ? { ref: { uuid: t.toLowerCase() } } : pageRefOf(text);
}

/** A page as the bench reads it in a sentence: its ID, its name in quotes, or "the page <uuid>". */
export const pageShown = (p: PageRef): string =>
  'hrid' in p ? p.hrid : 'name' in p ? `“${p.name}”` : `the page ${p.uuid}`;
