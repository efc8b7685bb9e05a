import { z } from 'zod';

export const API_MODES = ['v2', 'legacy'] as const;
export const apiMode = z.enum(API_MODES);
export type ApiMode = z.infer<typeof apiMode>;

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/** Where the service lives. Base, files and events may be different hosts; the sandbox serves all three. */
export const serviceConnection = z.strictObject({
  baseUrl: httpUrl,
  filesUrl: httpUrl,
  eventsUrl: httpUrl,
  mode: apiMode,
});
export type ServiceConnection = z.infer<typeof serviceConnection>;
