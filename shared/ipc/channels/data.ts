import { z } from 'zod';
import { sequenceRecord } from '../../api/sequences.js';
import { channel } from '../channel.js';

/**
 * Reads of the data browser that the `lab.*` table (one channel per endpoint) cannot express:
 * GET /sequences?name= answers ONE sequence instead of a page, so it needs its own response type.
 */
export const dataChannels = {
  /** The current (non-deprecated) way to read one sequence: the listing endpoint with `name`. */
  'data.findSequenceByName': channel({
    request: z.strictObject({ name: z.string().trim().min(1, 'must not be empty') }),
    response: z.strictObject({ sequence: sequenceRecord }),
    readOnly: true,
  }),
};
