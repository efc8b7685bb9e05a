import { z } from 'zod';
import { answerNumber, answerOptionalText, answerSuccess, nonEmpty } from './primitives.js';

export const linkSamplesRequest = z.strictObject({
  labflowId: nonEmpty,
  protocoltemplateId: nonEmpty,
  sampleUuids: z.array(nonEmpty).min(1, 'at least one sample'),
  sampleEntityUuid: z.string().optional(),
});
export type LinkSamplesRequest = z.infer<typeof linkSamplesRequest>;
/** Labflow ids are "id" in the spec, not "string": numbers are read as their text. */
export const linkSamplesResponse = z.object({
  success: answerSuccess,
  message: answerOptionalText,
  performTestStepId: answerOptionalText,
  protocoltemplateId: answerOptionalText,
  samplesLinked: answerNumber.optional(),
});
