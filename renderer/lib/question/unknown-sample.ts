import type { Guard } from './question.js';
import { leftUnanswered, notPlaced } from './unanswered.js';

/**
 * Why a tube is asked about: the labsheet's rows read from the service lack it (`asRead` says when they
 * were read, " as read 4 s ago"), or the read is likely a misreading (`misread`, the Classification's
 * `cause`: a scanner set to another keyboard layout typed it), which is asked about offline too, where an
 * unknown tube otherwise goes in unasked: the tube in hand is most likely another one. Or both.
 */
export type WhyAsked = { asRead: string; misread?: string } | { asRead: null; misread: string };

/** A tube asked about on Well fill or Assign location (missWorthAsking), both screens alike. */
export function unknownSample(sampleId: string, why: WhyAsked): Guard {
  const missing = why.asRead === null ? null : `${sampleId} is not in the labsheet${why.asRead}`;
  const message =
    missing === null
      ? `${sampleId} may be misread: ${why.misread}. Use it anyway?`
      : why.misread === undefined
        ? `${missing}. Use it anyway?`
        : `${missing}, and may be misread: ${why.misread}. Use it anyway?`;
  return {
    kind: 'unknown-sample',
    title: why.misread === undefined ? 'Unknown sample' : 'Misread?',
    message,
    tone: 'unknown',
    look: 'blue',
    overridable: true,
    action: 'Use anyway',
    unanswered: leftUnanswered(sampleId, notPlaced(sampleId)),
  };
}
