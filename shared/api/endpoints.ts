import type { z } from 'zod';
import * as L from './labsheets.js';
import * as M from './manifests.js';
import * as E from './eln.js';
import * as S from './sequences.js';
import * as F from './labflows.js';
import * as Loc from './locations.js';
import * as Files from './files.js';
import * as W from './webhook.js';

/** Which configured address an endpoint lives under. */
export type BaseKind = 'base' | 'files' | 'events';
export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export interface EndpointDef {
  method: HttpMethod;
  path: string;
  base: BaseKind;
  /** Safe to resend when a request may have reached the server without an answer. */
  idempotent: boolean;
  deprecated?: true;
  /** GET parameters travel in the query string; everything else in a JSON body (or multipart for upload). */
  request: z.ZodType;
  response: z.ZodType;
  /**
   * Needs a permission beyond a valid token (Super Admin): a 403 here means "not allowed", not
   * "token missing", so it fails that one entry instead of pausing the queue for a token.
   */
  permissionOnly?: true;
}

const def = <T extends EndpointDef>(d: T): T => d;

/**
 * Every endpoint of the Lab Data Service spec, in one table. The client, the sandbox and the
 * outbox all read it, so a path, a schema or an idempotency rule is written exactly once.
 */
export const ENDPOINTS = {
  createLabsheet: def({
    method: 'POST',
    path: '/labsheets/create',
    base: 'base',
    idempotent: false,
    request: L.createLabsheetRequest,
    response: L.createLabsheetResponse,
  }),
  fetchLabsheetList: def({
    method: 'GET',
    path: '/labsheets/fetch-list',
    base: 'base',
    idempotent: true,
    request: L.fetchLabsheetListQuery,
    response: L.fetchLabsheetListResponse,
  }),
  fetchLabsheetRows: def({
    method: 'GET',
    path: '/labsheets/fetch-list-rows',
    base: 'base',
    idempotent: true,
    request: L.fetchRowsQuery,
    response: L.fetchRowsResponse,
  }),
  updateRowsById: def({
    method: 'POST',
    path: '/labsheets/update-rows-by-id',
    base: 'base',
    idempotent: true,
    request: L.updateRowsByIdRequest,
    response: L.updateRowsByIdResponse,
  }),
  addSequenceToRow: def({
    method: 'POST',
    path: '/labsheets/add-sequence-to-row',
    base: 'base',
    idempotent: false,
    deprecated: true,
    request: L.addSequenceToRowRequest,
    response: L.successOnlyResponse,
  }),
  labsheetToTemplate: def({
    method: 'POST',
    path: '/labsheets/labsheet-to-template',
    base: 'base',
    idempotent: false,
    request: L.labsheetToTemplateRequest,
    response: L.labsheetToTemplateResponse,
  }),
  deleteColumn: def({
    method: 'DELETE',
    path: '/labsheets/delete-column',
    base: 'base',
    idempotent: false,
    request: L.deleteColumnRequest,
    response: L.deleteColumnResponse,
  }),
  assignLocation: def({
    method: 'POST',
    path: '/labsheets/assign-location',
    base: 'base',
    idempotent: true,
    request: L.assignLocationRequest,
    response: L.assignLocationResponse,
  }),
  fetchManifestMetadata: def({
    method: 'GET',
    path: '/manifest/fetch-metadata',
    base: 'base',
    idempotent: true,
    request: M.manifestIdentifierQuery,
    response: M.manifestMetadata,
  }),
  updateManifest: def({
    method: 'POST',
    path: '/manifest/update',
    base: 'base',
    idempotent: true,
    request: M.updateManifestRequest,
    response: M.updateManifestResponse,
  }),
  createLabspace: def({
    method: 'POST',
    path: '/labspace/create',
    base: 'base',
    idempotent: false,
    request: E.createLabspaceRequest,
    response: E.createLabspaceResponse,
  }),
  fetchLabspaceList: def({
    method: 'GET',
    path: '/labspace/fetch-list',
    base: 'base',
    idempotent: true,
    request: E.fetchLabspaceListQuery,
    response: E.fetchLabspaceListResponse,
  }),
  fetchLabspace: def({
    method: 'GET',
    path: '/labspace/fetch',
    base: 'base',
    idempotent: true,
    request: E.nameOrUuidQuery,
    response: E.fetchLabspaceResponse,
  }),
  fetchFolder: def({
    method: 'GET',
    path: '/labspace/folder/fetch',
    base: 'base',
    idempotent: true,
    request: E.nameOrUuidQuery,
    response: E.fetchFolderResponse,
  }),
  removeFolderPermissions: def({
    method: 'POST',
    path: '/labspace/folder/remove-permissions',
    base: 'base',
    idempotent: false,
    permissionOnly: true,
    request: E.removePermissionsRequest,
    response: L.successOnlyResponse,
  }),
  attachImage: def({
    method: 'POST',
    path: '/labspace/experiment/attach-image',
    base: 'base',
    idempotent: false,
    request: E.attachImageRequest,
    response: E.attachImageResponse,
  }),
  listSequences: def({
    method: 'GET',
    path: '/sequences',
    base: 'base',
    idempotent: true,
    request: S.listSequencesQuery,
    response: S.listSequencesResponse,
  }),
  fetchSequence: def({
    method: 'GET',
    path: '/sequence/fetch',
    base: 'base',
    idempotent: true,
    deprecated: true,
    request: S.fetchSequenceQuery,
    response: S.fetchSequenceResponse,
  }),
  linkSamplesToTest: def({
    method: 'POST',
    path: '/labflows/link-samples-to-test',
    base: 'base',
    idempotent: false,
    request: F.linkSamplesRequest,
    response: F.linkSamplesResponse,
  }),
  createLocations: def({
    method: 'POST',
    path: '/location/create',
    base: 'base',
    idempotent: false,
    request: Loc.createLocationsRequest,
    response: Loc.createLocationsResponse,
  }),
  fetchLocationCreateStatus: def({
    method: 'GET',
    path: '/location/create/status',
    base: 'base',
    idempotent: true,
    request: Loc.locationStatusQuery,
    response: Loc.locationStatusResponse,
  }),
  storeAndEmbedFiles: def({
    method: 'POST',
    path: '/files/store-and-embed',
    base: 'files',
    idempotent: false,
    request: Files.storeAndEmbedFields,
    response: Files.storeAndEmbedResponse,
  }),
  sendWebhook: def({
    method: 'POST',
    path: '/webhook/custom',
    base: 'events',
    idempotent: false,
    request: W.webhookPayload,
    response: W.webhookResponse,
  }),
} as const;

export type EndpointName = keyof typeof ENDPOINTS;
export type RequestOf<N extends EndpointName> = z.input<(typeof ENDPOINTS)[N]['request']>;
export type ResponseOf<N extends EndpointName> = z.output<(typeof ENDPOINTS)[N]['response']>;
/** What a server sends (before tolerant parsing), used to type the sandbox's answers. */
export type WireResponseOf<N extends EndpointName> = z.input<(typeof ENDPOINTS)[N]['response']>;

export const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as EndpointName[];

/** Endpoints that change the service: only the outbox sends them, never a read channel. */
export type WriteEndpoint = {
  [N in EndpointName]: (typeof ENDPOINTS)[N]['method'] extends 'GET' ? never : N;
}[EndpointName];
export const WRITE_ENDPOINTS = ENDPOINT_NAMES.filter((n): n is WriteEndpoint => ENDPOINTS[n].method !== 'GET');
