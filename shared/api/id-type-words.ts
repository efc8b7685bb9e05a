import type { IdType, WellLabel } from './primitives.js';

/**
 * The service's ID types in a technician's words: the choice of how scanned tubes are named, and how
 * each tube was sent (Assign location's list, the Outbox's lines). The API's names (ID_BARCODE…) stay
 * on Data, the screen for the service by hand.
 */
export const ID_TYPE_CHOICE: Record<IdType, string> = {
  ID: "Sample ID (the labsheet's ID column)",
  ID_BARCODE: "Tube barcode (the labsheet's barcode column)",
  ROW_UUID: "Row uuid (the service's row identifier)",
  SERVICE_BARCODE: "The service's own barcode",
};

/** A tube's name of each ID type, as a sentence names it: "TB000004 is the tube barcode of S-0004". */
export const ID_TYPE_NAME: Record<IdType, string> = {
  ID: 'sample ID',
  ID_BARCODE: 'tube barcode',
  ROW_UUID: 'row uuid',
  SERVICE_BARCODE: "service's barcode",
};

export const ID_TYPE_SENT_AS: Record<IdType, string> = {
  ID: 'by sample ID',
  ID_BARCODE: 'by tube barcode',
  ROW_UUID: 'by row uuid',
  SERVICE_BARCODE: "by the service's barcode",
};

/** A well's label in a technician's words, as the Outbox's lines say it ('' is no label). */
export const WELL_LABEL_SAID: Record<WellLabel, string> = {
  SAMPLE: 'sample',
  POS_CONTROL: 'positive control',
  NEG_CONTROL: 'negative control',
  BLANK: 'blank',
  STANDARD: 'standard',
  '': 'no label',
};
