import type { Guard } from './question.js';
import { leftUnanswered, notPlaced } from './unanswered.js';

/**
 * A tube asked about on Well fill or Assign location, both screens alike, or null when there is nothing
 * to ask: the labsheet's rows read from the service lack it (`asRead` says when they were read, " as read
 * 4 s ago"; null when no such miss is worth asking about, missWorthAsking), or the read is likely a
 * misreading (`misread`, the Classification's `cause`: a scanner set to another keyboard layout typed it),
 * which is asked about offline too, where an unknown tube otherwise goes in unasked: the tube in hand is
 * most likely another one. Or both.
 */
export function unknownSample(sampleId: string, asRead: string | null, misread: string | undefined): Guard | null {
  if (asRead === null && misread === undefined) return null;
  const missing = asRead === null ? null : `${sampleId} is not in the labsheet${asRead}`;
  const message =
    missing === null
      ? `${sampleId} may be misread: ${misread}. Use it anyway?`
      : misread === undefined
        ? `${missing}. Use it anyway?`
        : `${missing}, and may be misread: ${misread}. Use it anyway?`;
  return {
    kind: 'unknown-sample',
    title: misread === undefined ? 'Unknown sample' : 'Misread?',
    message,
    tone: 'unknown',
    look: 'blue',
    overridable: true,
    action: 'Use anyway',
    unanswered: leftUnanswered(sampleId, notPlaced(sampleId)),
  };
}
