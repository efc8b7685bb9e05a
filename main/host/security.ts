import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A per-launch secret: 256 bits, URL-safe. Anyone without it gets nothing from the host. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** The origins our own page can have; the printed URL uses 127.0.0.1, localhost is accepted too. */
export const allowedOrigins = (port: number): string[] => [`http://127.0.0.1:${port}`, `http://localhost:${port}`];

/** Host header check defeats DNS rebinding: a foreign name resolving to 127.0.0.1 is refused. */
export function hostAllowed(req: IncomingMessage, port: number): boolean {
  const host = req.headers.host;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

export function originAllowed(req: IncomingMessage, port: number): boolean {
  const origin = req.headers.origin;
  return typeof origin === 'string' && allowedOrigins(port).includes(origin);
}
