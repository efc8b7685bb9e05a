import type { IdType } from '../../../shared/api/primitives.js';

/**
 * The service's ID types in a technician's words: the choice of how scanned tubes are named, and how
 * each tube of the visit's list was sent. The API's names (ID_BARCODE…) stay in the Outbox and on
 * Data, the screen for the service by hand.
 */
export const ID_TYPE_CHOICE: Record<IdType, string> = {
  ID: "Sample ID (the labsheet's ID column)",
  ID_BARCODE: "Tube barcode (the labsheet's barcode column)",
  ROW_UUID: "Row uuid (the service's row identifier)",
  SERVICE_BARCODE: "The service's own barcode",
};

export const ID_TYPE_SENT_AS: Record<IdType, string> = {
  ID: 'by sample ID',
  ID_BARCODE: 'by tube barcode',
  ROW_UUID: 'by row uuid',
  SERVICE_BARCODE: "by the service's barcode",
};
