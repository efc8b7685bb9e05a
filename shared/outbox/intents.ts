import { z } from 'zod';
import { cellValue, idType, nonEmpty, removalField, wellLabel } from '../api/primitives.js';
import { wellSample } from '../api/manifests.js';
import {
  addSequenceToRowRequest,
  createLabsheetRequest,
  deleteColumnRequest,
  labsheetToTemplateRequest,
} from '../api/labsheets.js';
import { attachImageRequest, createLabspaceRequest, removePermissionsRequest } from '../api/eln.js';
import { linkSamplesRequest } from '../api/labflows.js';
import { createLocationsRequest } from '../api/locations.js';
import { eventTypeValue, webhookPayload } from '../api/webhook.js';

/**
 * Every user intent the outbox can hold, one entry each. These are what the UI enqueues and what
 * the sync engine turns into requests (coalescing wells, assignments and row updates per target).
 * Shared (no Node imports) so the IPC contract can validate them in main before they are stored.
 */

/** A manifest is addressed by exactly one of uuid or hrid, as manifest/update accepts. */
export const manifestRef = z.union([z.strictObject({ uuid: nonEmpty }), z.strictObject({ hrid: nonEmpty })]);
export type ManifestRef = z.infer<typeof manifestRef>;

/**
 * What the plate looked like on the service when the user made this change (from the plate they had
 * open). Before sending, the sync engine compares it with the service's plate now: a plate changed at
 * another bench since is held for a look instead of overwritten.
 */
export const plateBasis = z.strictObject({
  lastUpdate: z.string().nullable(),
  emptySpaces: z.number().int().nonnegative().nullable(),
});
export type PlateBasis = z.infer<typeof plateBasis>;

/**
 * On an undo's opposite change of a change that may be on the service although it failed: that
 * change's entry. Its basis is that change's, so a plate changed since by anything but this computer's
 * own writes holds it for a look, said as the undo of that change (plate-check.ts). Never sent.
 */
const undoes = z.number().int().positive();

/**
 * A well's new state. The bench sends all three of sample (null: none), label ('' : none) and tags,
 * because manifest/update's well shape marks them all required; entries queued by older versions may
 * carry only the fields they changed.
 */
export const wellSetIntent = z
  .strictObject({
    type: z.literal('well-set'),
    manifest: manifestRef,
    position: nonEmpty,
    sample: wellSample.nullable().optional(),
    label: wellLabel.optional(),
    tags: z.array(z.string()).optional(),
    basis: plateBasis.optional(),
    undoes: undoes.optional(),
  })
  // An empty set would coalesce into nothing and make an invalid request: refuse it at enqueue.
  .refine((w) => w.sample !== undefined || w.label !== undefined || w.tags !== undefined, {
    message: 'a well-set needs at least one of sample, label or tags',
  });
export const wellRemoveIntent = z.strictObject({
  type: z.literal('well-remove'),
  manifest: manifestRef,
  position: nonEmpty,
  fields: z.array(removalField).min(1),
  basis: plateBasis.optional(),
  undoes: undoes.optional(),
});
/**
 * On a move of a tube from one position to another: the position it leaves, as the page that queued
 * the move saw it (the box's record, whoever put the tube there). The service refuses a tube into a
 * position its record still fills, so a newer tube into that position is sent only after this move
 * (main/sync/cross-target.ts cutAtMovesOutOf). Never sent: assign-location names only where a tube goes.
 */
export const movedFrom = z.strictObject({ locationId: nonEmpty, position: nonEmpty });
export type MovedFrom = z.infer<typeof movedFrom>;

export const locationAssignIntent = z.strictObject({
  type: z.literal('location-assign'),
  labsheet: nonEmpty,
  locationId: nonEmpty,
  idType,
  id: nonEmpty,
  position: z.string().optional(),
  from: movedFrom.optional(),
});
export const rowUpdateIntent = z.strictObject({
  type: z.literal('row-update'),
  labsheet: nonEmpty,
  /** Name of the ID or ID_BARCODE column the id is a value of. */
  idColumn: nonEmpty,
  id: nonEmpty,
  changes: z.record(z.string(), cellValue),
  /**
   * Per changed cell, the value it showed where the change was made (the row as read, with this
   * computer's own changes over it). Before sending, the sync engine reads the row again: a cell the
   * service now holds a third value in (neither this nor the change's) was changed elsewhere since, and
   * the change is held for a look instead of written over it (main/sync/row-check.ts). Never sent.
   * Absent when the row was not read (a batch scan offline) and on changes queued by older versions.
   */
  basis: z.record(z.string(), cellValue).optional(),
});
/** The fileSource a plate record's uploads carry: the Outbox tells them by it, and each plate's go in a lane of their own. */
export const RECORD_FILE_SOURCE = 'Benchlink plate record';

export const fileUploadIntent = z.strictObject({
  type: z.literal('file-upload'),
  /** The staged copy inside the app data dir, never the user's original. */
  stagedPath: nonEmpty,
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  fileName: nonEmpty,
  isGlobal: z.boolean(),
  fileSource: z.string(),
});
export const webhookIntent = z.strictObject({
  type: z.literal('webhook'),
  payload: webhookPayload,
  eventType: eventTypeValue.optional(),
});
export const labflowLinkIntent = z.strictObject({ type: z.literal('labflow-link'), request: linkSamplesRequest });
export const labsheetCreateIntent = z.strictObject({
  type: z.literal('labsheet-create'),
  request: createLabsheetRequest,
});
export const locationCreateIntent = z.strictObject({
  type: z.literal('location-create'),
  request: createLocationsRequest,
});
export const labsheetToTemplateIntent = z.strictObject({
  type: z.literal('labsheet-to-template'),
  request: labsheetToTemplateRequest,
});
export const deleteColumnIntent = z.strictObject({ type: z.literal('delete-column'), request: deleteColumnRequest });
export const removePermissionsIntent = z.strictObject({
  type: z.literal('remove-permissions'),
  request: removePermissionsRequest,
});
export const attachImageIntent = z.strictObject({ type: z.literal('attach-image'), request: attachImageRequest });
export const addSequenceToRowIntent = z.strictObject({
  type: z.literal('add-sequence-to-row'),
  request: addSequenceToRowRequest,
});
export const labspaceCreateIntent = z.strictObject({
  type: z.literal('labspace-create'),
  request: createLabspaceRequest,
});

export const intent = z.discriminatedUnion('type', [
  wellSetIntent,
  wellRemoveIntent,
  locationAssignIntent,
  rowUpdateIntent,
  fileUploadIntent,
  webhookIntent,
  labflowLinkIntent,
  labsheetCreateIntent,
  locationCreateIntent,
  labsheetToTemplateIntent,
  deleteColumnIntent,
  removePermissionsIntent,
  attachImageIntent,
  addSequenceToRowIntent,
  labspaceCreateIntent,
]);
export type Intent = z.infer<typeof intent>;
export type IntentType = Intent['type'];
export type IntentOf<T extends IntentType> = Extract<Intent, { type: T }>;
export type WellSetIntent = IntentOf<'well-set'>;
export type WellRemoveIntent = IntentOf<'well-remove'>;
export type WellIntent = WellSetIntent | WellRemoveIntent;
export type LocationAssignIntent = IntentOf<'location-assign'>;
export type RowUpdateIntent = IntentOf<'row-update'>;
export type FileUploadIntent = IntentOf<'file-upload'>;
export type WebhookIntent = IntentOf<'webhook'>;
