import type { Guard } from '../../lib/question/question.js';
import { leftUnanswered } from '../../lib/question/unanswered.js';

/**
 * A scanned uuid that is no location, plate or box main or the service knows (a location made elsewhere,
 * or a box's uuid scanned offline before this computer opened it): opened unasked as a location, a box's
 * tubes went to it with no position, and a mistyped uuid opened a location that does not exist.
 */
export function unknownLocation(uuid: string): Guard {
  return {
    kind: 'unknown-location',
    title: 'Unknown location',
    message:
      `${uuid} is no location, plate or box this computer knows (offline, a box never opened here is not ` +
      'known either). Open it as a location with no positions anyway?',
    tone: 'unknown',
    look: 'blue',
    overridable: true,
    action: 'Open as a location',
    unanswered: leftUnanswered(uuid, 'nothing was opened'),
  };
}
