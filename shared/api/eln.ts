import { z } from 'zod';
import { nameField, nonEmpty, successFlag } from './primitives.js';

export const labspace = z.object({ name: z.string(), uuid: z.string(), description: z.string() });
export type Labspace = z.infer<typeof labspace>;

export const createLabspaceRequest = z.strictObject({ name: nameField, description: z.string().optional() });
/** Response not shown in the spec: we answer the created labspace. */
export const createLabspaceResponse = z.object({
  success: successFlag,
  name: z.string(),
  uuid: z.string(),
  description: z.string().optional(),
});

export const fetchLabspaceListQuery = z.strictObject({});
export const fetchLabspaceListResponse = z.object({
  items: z.array(z.looseObject({ name: z.string(), uuid: z.string() })),
  total: z.number(),
  success: successFlag,
});

/** Query not shown in the spec: a labspace is looked up by name and/or uuid, like a folder. */
export const nameOrUuidQuery = z
  .strictObject({ name: z.string().optional(), uuid: z.string().optional() })
  .refine((q) => Boolean(q.name || q.uuid), { message: 'one of name or uuid is required' });
export type NameOrUuid = z.infer<typeof nameOrUuidQuery>;
export const fetchLabspaceResponse = z.object({ success: successFlag, data: labspace });

export const fetchFolderResponse = z.object({
  success: successFlag,
  name: z.string(),
  uuid: z.string(),
  location: z.string(),
});
export type Folder = z.infer<typeof fetchFolderResponse>;

export const removePermissionsRequest = z
  .strictObject({
    uuid: z.string().optional(),
    location: z.string().optional(),
    users: z.array(z.strictObject({ email: nonEmpty })).optional(),
    /** In the request shape, but not supported by the service. */
    teams: z.array(z.unknown()).optional(),
  })
  .refine((r) => Boolean(r.uuid || r.location), { message: 'one of uuid or location is required', path: ['uuid'] })
  .refine((r) => (r.users?.length ?? 0) + (r.teams?.length ?? 0) > 0, {
    message: 'one of users or teams is required',
    path: ['users'],
  });
export type RemovePermissionsRequest = z.infer<typeof removePermissionsRequest>;

export const PAGE_KINDS = ['experiment', 'protocol', 'documentation'] as const;
export const pageKind = z.enum(PAGE_KINDS);
export type PageKind = z.infer<typeof pageKind>;

/** `append` is the one position the spec names; we also accept `prepend`. */
export const imagePosition = z.enum(['append', 'prepend']);
export const attachImageRequest = z
  .strictObject({
    name: z.string().optional(),
    hrid: z.string().optional(),
    uuid: z.string().optional(),
    image_uuid: nonEmpty,
    image_name: nonEmpty,
    image_mime_type: z.string().regex(/^image\/[\w.+-]+$/, 'must be an image MIME type'),
    position: imagePosition,
  })
  .refine((r) => Boolean(r.name || r.hrid || r.uuid), { message: 'one of name, hrid or uuid is required', path: ['name'] });
export type AttachImageRequest = z.infer<typeof attachImageRequest>;
export const attachImageResponse = z.object({
  success: successFlag,
  uuid: z.string(),
  image_uuid: z.string(),
  extension: z.string(),
  name: z.string(),
  position: z.string(),
});
