import { z } from 'zod';
import { channel } from '../channel.js';

/** What the renderer learns about a chosen file: an opaque id, never its path. */
export const pickedFile = z.strictObject({ id: z.string(), name: z.string(), size: z.number().int().nonnegative() });
export type PickedFile = z.infer<typeof pickedFile>;

/** Files taken from one choice in the dialog; a larger choice is refused whole, saying so. */
export const MAX_PICKED_FILES = 500;

/**
 * Files for upload are chosen in main's native dialog; main keeps the paths and hands back ids,
 * so a path string from the renderer is never trusted. Not available in the browser host.
 */
export const filesChannels = {
  /**
   * Opens the dialog and answers when the person closes it: it only hands out ids for what they chose,
   * so asking again is safe (readOnly). Main holds it for as long as they take, which is no silence of
   * main's, so the page neither pings nor gives up while it is open (holdsMs); whether main's loop turns
   * meanwhile depends on the system's dialog.
   */
  'files.pickForUpload': channel({
    request: z.strictObject({ multiple: z.boolean().optional(), title: z.string().max(120).optional() }),
    response: z.strictObject({
      cancelled: z.boolean(),
      files: z.array(pickedFile).max(MAX_PICKED_FILES),
      /** Chosen but not readable (no permission, gone since): said by name, the others still added. */
      unreadable: z
        .array(z.strictObject({ name: z.string(), reason: z.string() }))
        .max(MAX_PICKED_FILES)
        .optional(),
    }),
    readOnly: true,
    holdsMs: () => Infinity,
  }),
};
