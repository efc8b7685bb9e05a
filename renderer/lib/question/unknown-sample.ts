import type { Guard } from './question.js';
import { leftUnanswered, notPlaced } from './unanswered.js';

/**
 * A tube the labsheet's rows read from the service lack (missWorthAsking), on Well fill or Assign location:
 * `asRead` says when the rows that lack it were read (" as read 4 s ago"). Both screens ask it alike.
 */
export function unknownSample(sampleId: string, asRead: string): Guard {
  return {
    kind: 'unknown-sample',
    title: 'Unknown sample',
    message: `${sampleId} is not in the labsheet${asRead}. Use it anyway?`,
    tone: 'unknown',
    look: 'blue',
    overridable: true,
    action: 'Use anyway',
    unanswered: leftUnanswered(sampleId, notPlaced(sampleId)),
  };
}
