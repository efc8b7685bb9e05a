import { z } from 'zod';
import { nonEmpty, successFlag } from './primitives.js';

export const linkSamplesRequest = z.strictObject({
  labflowId: nonEmpty,
  protocoltemplateId: nonEmpty,
  sampleUuids: z.array(nonEmpty).min(1, 'at least one sample'),
  sampleEntityUuid: z.string().optional(),
});
export type LinkSamplesRequest = z.infer<typeof linkSamplesRequest>;
export const linkSamplesResponse = z.object({
  success: successFlag,
  message: z.string(),
  performTestStepId: z.string(),
  protocoltemplateId: z.string(),
  samplesLinked: z.number(),
});
