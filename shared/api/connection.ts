import { z } from 'zod';

export const API_MODES = ['v2', 'legacy'] as const;
export const apiMode = z.enum(API_MODES);
export type ApiMode = z.infer<typeof apiMode>;

/** Host names that never leave this computer: the only ones where plain http cannot expose the token. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** True for https anywhere and for http on this computer only (the sandbox, a local proxy). */
export function isSecureServiceUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK_HOSTS.has(u.hostname));
  } catch {
    return false;
  }
}

/**
 * A user name or password in the address (https://user:pass@host): the HTTP client would send it as
 * Basic auth in place of our bearer token, and the address (password and all) is stored and shown.
 */
export function hasUserInfo(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(url.trim());
}

/**
 * A query or fragment (https://host/#/home, https://host/api?tenant=a): endpoint paths go under the
 * address's path, so either would put every request at the wrong place, where a web page answering
 * 200 could make a queued write look accepted.
 */
export function hasQueryOrFragment(url: string): boolean {
  return /[?#]/.test(url);
}

// The bearer token goes with every request, so an address off this computer must be https.
const serviceUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .refine(isSecureServiceUrl, {
    error:
      'must use https: plain http is allowed only for this computer (127.0.0.1, localhost, ::1), because the token travels with every request',
  })
  .refine((url) => !hasUserInfo(url), {
    error:
      'must not contain a user name or password (user:password@): the token is the only sign-in, so remove everything up to and including the "@"',
  })
  .refine((url) => !hasQueryOrFragment(url), {
    error:
      'must not contain "?" or "#" (a query or a page fragment such as #/home): give only the address the API lives under, e.g. https://lims.example.org/api',
  });

/** Where the service lives. Base, files and events may be different hosts; the sandbox serves all three. */
export const serviceConnection = z.strictObject({
  baseUrl: serviceUrl,
  filesUrl: serviceUrl,
  eventsUrl: serviceUrl,
  mode: apiMode,
});
export type ServiceConnection = z.infer<typeof serviceConnection>;
