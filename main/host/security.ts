import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A per-launch secret: 256 bits, URL-safe. Anyone without it gets nothing from the host. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/**
 * Our page's one origin: the printed URL's. Not localhost: the host listens on 127.0.0.1 only, and a
 * browser may send localhost to ::1 first, where another local process can listen on the same port and
 * serve its own page as that origin (with the key, if the user typed the URL over with localhost).
 */
export const allowedOrigins = (port: number): string[] => [`http://127.0.0.1:${port}`];

/** Host header check defeats DNS rebinding: a foreign name resolving to 127.0.0.1 is refused. */
export function hostAllowed(req: IncomingMessage, port: number): boolean {
  return req.headers.host === `127.0.0.1:${port}`;
}

/** A page asked for by localhost reached us, not whoever listens on ::1: say which address to open. */
export function askedAsLocalhost(req: IncomingMessage, port: number): boolean {
  return req.headers.host === `localhost:${port}`;
}

export function originAllowed(req: IncomingMessage, port: number): boolean {
  const origin = req.headers.origin;
  return typeof origin === 'string' && allowedOrigins(port).includes(origin);
}
