import type { Guard } from './question.js';
import { leftUnanswered, notPlaced } from './unanswered.js';

/**
 * A tube the labsheet's rows read from the service lack (missWorthAsking), on Well fill or Assign location:
 * `asRead` says when the rows that lack it were read (" as read 4 s ago"); null when that is not known
 * (offline, rows never read). Both screens ask it alike. `misread`: the read's likely cause (Classification
 * `cause`: a scanner set to another keyboard layout typed it), which is asked about offline too, where an
 * unknown tube otherwise goes in unasked: the tube in hand is most likely another one.
 */
export function unknownSample(sampleId: string, asRead: string | null, misread?: string): Guard {
  const missing = asRead === null ? null : `${sampleId} is not in the labsheet${asRead}`;
  const message = misread
    ? `${missing ? `${missing}, and` : sampleId} may be misread: ${misread}. Use it anyway?`
    : `${missing ?? `${sampleId} is not known here`}. Use it anyway?`;
  return {
    kind: 'unknown-sample',
    title: misread ? 'Misread?' : 'Unknown sample',
    message,
    tone: 'unknown',
    look: 'blue',
    overridable: true,
    action: 'Use anyway',
    unanswered: leftUnanswered(sampleId, notPlaced(sampleId)),
  };
}
