import { intent as intentSchema, type Intent } from '../../shared/outbox/intents.js';
import { SUPPLIED_LATER } from '../../shared/outbox/dependency.js';
import { WriteError } from '../common/write-error.js';

/** The intent as the schema reads it, or WriteError 'invalid' naming what is wrong: nothing else is stored. */
export function validate(i: Intent): Intent {
  const parsed = intentSchema.safeParse(i);
  if (!parsed.success)
    throw new WriteError(
      'invalid',
      `The entry is not valid: ${parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`,
    );
  return parsed.data;
}

/** The stand-in of a supplied field goes out only with the dependency that fills it. */
export function refuseStandIn(intents: readonly Intent[], dependents: ReadonlySet<number>): void {
  intents.forEach((i, n) => {
    if (i.type === 'attach-image' && i.request.image_uuid === SUPPLIED_LATER && !dependents.has(n))
      throw new WriteError(
        'invalid',
        'This entry takes its image from an upload queued with it: retry the failed upload, not an edited copy.',
      );
  });
}
