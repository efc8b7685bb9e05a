import { counted } from '../../../lib/format/counted.js';

/**
 * What a labflow link's answer says, against how many sample uuids were sent: `short` when the service
 * linked fewer (its `samplesLinked`), which is no success to show in green — some samples are not linked.
 */
export function linkedSaid(sent: number, linked: number | undefined): { text: string; short: boolean } {
  if (linked === undefined) return { text: 'Linked (the service did not say how many).', short: false };
  if (linked >= sent) return { text: `Linked ${counted(linked, 'sample')}.`, short: false };
  return {
    text:
      `The service linked only ${linked} of the ${counted(sent, 'sample')} sent: ${sent - linked} ` +
      `${sent - linked === 1 ? 'is' : 'are'} not linked. Check the row uuids and the test, and link the missing ones again.`,
    short: true,
  };
}
