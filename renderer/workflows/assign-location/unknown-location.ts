import type { Guard } from '../../lib/question/question.js';
import { leftUnanswered } from '../../lib/question/unanswered.js';
import { ID_TYPE_CHOICE } from '../../../shared/api/id-type-words.js';

/**
 * A scanned uuid that is no location, plate or box main or the service knows (a location made elsewhere,
 * or a box's uuid scanned offline before this computer opened it): opened unasked as a location, a box's
 * tubes went to it with no position, and a mistyped uuid opened a location that does not exist.
 *
 * With a box open (`boxOpen`, its name) the uuid was looked for as a tube first and no row has it as
 * its ID or barcode; a tube's row uuid is matched by no lookup here, so the question says how to put
 * such a tube in: the user's ID type says tubes are scanned by row uuid.
 */
export function unknownLocation(uuid: string, boxOpen: string | null = null): Guard {
  const tube =
    boxOpen === null
      ? ''
      : ` If it is a tube's row uuid, for ${boxOpen}, choose ID type "${ID_TYPE_CHOICE.ROW_UUID}" and scan it again.`;
  return {
    kind: 'unknown-location',
    title: 'Unknown location',
    message:
      `${uuid} is no location, plate or box this computer knows (offline, a box never opened here is not ` +
      `known either).${tube} Open it as a location with no positions anyway?`,
    tone: 'unknown',
    look: 'blue',
    overridable: true,
    action: 'Open as a location',
    unanswered: leftUnanswered(uuid, boxOpen === null ? 'nothing was opened' : 'nothing was opened or recorded'),
  };
}
