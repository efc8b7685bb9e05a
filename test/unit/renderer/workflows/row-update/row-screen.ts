import { RowState } from '../../../../../renderer/workflows/row-update/row-state.svelte.js';
import { handleRowScan } from '../../../../../renderer/workflows/row-update/row-scans.js';
import type { Benches } from '../../../../helpers/benches-on-main.js';
import { OutboxState } from '../../../../../renderer/lib/outbox/outbox-state.svelte.js';

/** Row update's state on the real main, as a page loaded afresh has it: scans go in by the scan field. */
export async function rowScreen(b: Benches) {
  const outbox = new OutboxState(b.env.api);
  await outbox.start();
  const s = new RowState(b.env.api, b.feedback, outbox, await b.env.service());
  s.start();
  return {
    s,
    scan: (t: string) => handleRowScan(s, { text: t, source: 'field', mainAt: null }),
    said: () => b.feedback.last?.outcome ?? '',
    close: () => outbox.stop(),
  };
}
