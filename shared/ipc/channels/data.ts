import { z } from 'zod';
import type { singleSequenceResponse } from '../../api/sequences.js';
import { channel } from '../channel.js';

/**
 * Reads of the data browser that the `lab.*` table (one channel per endpoint) cannot express:
 * GET /sequences?name= answers ONE sequence instead of a page, so it needs its own response type.
 */
export const dataChannels = {
  /** The current (non-deprecated) way to read one sequence: the listing endpoint with `name`. */
  'data.findSequenceByName': channel({
    request: z.strictObject({ name: z.string().trim().min(1, 'must not be empty') }),
    // Parsed by the API client already (its transforms make it unfit to parse twice); this carries the type.
    response: z.custom<z.output<typeof singleSequenceResponse>>(() => true),
  }),
};
