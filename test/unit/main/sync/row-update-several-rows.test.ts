import { describe, expect, it } from 'vitest';
import { updateRowsByIdResponse } from '../../../../shared/api/labsheets.js';
import { coalesceRows } from '../../../../main/sync/coalesce.js';
import type { RowUpdateIntent } from '../../../../shared/outbox/intents.js';
import { rowUpdate } from '../outbox/helpers.js';

const tag = <I>(intents: unknown[]) => intents.map((intent, i) => ({ id: i + 1, intent: intent as I }));

/**
 * The service updated more than one row for one row's change (its ID named two rows when it was sent:
 * one made after the check before the send). On the old code that was done without a word; it is done,
 * as the service did it, with a note saying so, so the rows can be put right.
 */
describe('a row update the service applied to several rows', () => {
  it('is done, with a note naming how many rows it changed', () => {
    const c = coalesceRows(tag<RowUpdateIntent>([rowUpdate('S-0012', { Notes: 'x' })]));
    const out = c.outcomes(
      updateRowsByIdResponse.parse([
        {
          ID: 'S-0012',
          updatedRows: [
            { uuid: 'u1', success: 'true' },
            { uuid: 'u2', success: 'true' },
          ],
        },
      ]),
    );
    expect(out).toEqual([
      {
        id: 1,
        ok: true,
        result: {
          note: 'The service changed 2 rows of Samples with Sample ID = S-0012, not one: look at them there.',
        },
      },
    ]);
  });

  it('one row listed twice is one row', () => {
    const c = coalesceRows(tag<RowUpdateIntent>([rowUpdate('S-0012', { Notes: 'x' })]));
    const out = c.outcomes(
      updateRowsByIdResponse.parse([
        { ID: 'S-0012', updatedRows: [{ uuid: 'u1', success: 'true' }] },
        { ID: 'S-0012', updatedRows: [{ uuid: 'u1', success: 'true' }] },
      ]),
    );
    expect(out).toEqual([{ id: 1, ok: true }]);
  });
});
