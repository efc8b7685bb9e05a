import { z } from 'zod';
import { channel } from '../channel.js';

/** What the renderer learns about a chosen file: an opaque id, never its path. */
export const pickedFile = z.strictObject({ id: z.string(), name: z.string(), size: z.number().int().nonnegative() });
export type PickedFile = z.infer<typeof pickedFile>;

/**
 * Files for upload are chosen in main's native dialog; main keeps the paths and hands back ids,
 * so a path string from the renderer is never trusted. Not available in the browser host.
 */
export const filesChannels = {
  'files.pickForUpload': channel({
    request: z.strictObject({ multiple: z.boolean().optional(), title: z.string().max(120).optional() }),
    response: z.strictObject({ cancelled: z.boolean(), files: z.array(pickedFile).max(500) }),
  }),
};
