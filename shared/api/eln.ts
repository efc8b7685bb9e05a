import { z } from 'zod';
import { answerNumber, answerOptionalText, answerSuccess, answerText, nonEmpty, requireOneOf } from './primitives.js';

/** A labspace as answered; `description` is optional on create, so a service may leave it out. */
export const labspace = z.object({ name: answerText, uuid: answerText, description: answerOptionalText });
export type Labspace = z.infer<typeof labspace>;

/**
 * A labspace's name: the spec limits labsheet and column names to 30 characters, not this one
 * ("name (string)"), so a longer name is the service's to take or refuse.
 */
export const createLabspaceRequest = z.strictObject({
  name: z.string().trim().min(1, 'must not be empty'),
  description: z.string().optional(),
});
/** Response not shown in the spec: we answer the created labspace. */
/** Response not shown in the spec: whatever fields come are read, none is required. */
export const createLabspaceResponse = z.object({
  success: answerSuccess,
  name: answerOptionalText,
  uuid: answerOptionalText,
  description: answerOptionalText,
});

export const fetchLabspaceListQuery = z.strictObject({});
export const fetchLabspaceListResponse = z.object({
  items: z.array(z.looseObject({ name: answerText, uuid: answerText })),
  total: answerNumber.optional(),
  success: answerSuccess,
});

/** Query not shown in the spec: a labspace is looked up by name and/or uuid, like a folder. */
export const nameOrUuidQuery = z
  .strictObject({ name: z.string().optional(), uuid: z.string().optional() })
  .refine(...requireOneOf(['name', 'uuid']));
export type NameOrUuid = z.infer<typeof nameOrUuidQuery>;
export const fetchLabspaceResponse = z.object({ success: answerSuccess, data: labspace });

export const fetchFolderResponse = z.object({
  success: answerSuccess,
  name: answerText,
  uuid: answerText,
  location: answerOptionalText,
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
  .refine(...requireOneOf(['uuid', 'location'], 'uuid'))
  .refine((r) => (r.users?.length ?? 0) + (r.teams?.length ?? 0) > 0, {
    message: 'one of users or teams is required',
    path: ['users'],
  });
export type RemovePermissionsRequest = z.infer<typeof removePermissionsRequest>;

export const PAGE_KINDS = ['experiment', 'protocol', 'documentation'] as const;
export const pageKind = z.enum(PAGE_KINDS);
export type PageKind = z.infer<typeof pageKind>;

/** `append` is the one position the spec shows ("other values: not shown"), so it is the only one sent. */
export const imagePosition = z.literal('append');
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
  .refine(...requireOneOf(['name', 'hrid', 'uuid'], 'name'));
export type AttachImageRequest = z.infer<typeof attachImageRequest>;
export const attachImageResponse = z.object({
  success: answerSuccess,
  uuid: answerOptionalText,
  image_uuid: answerOptionalText,
  extension: answerOptionalText,
  name: answerOptionalText,
  position: answerOptionalText,
});
