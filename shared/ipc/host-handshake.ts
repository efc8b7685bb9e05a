import { z } from 'zod';

/**
 * The browser host's WebSocket handshake. The key never crosses the wire, and the page answers only
 * a host that has proved it knows the key: whoever listens on the host's port (a process that took
 * it while the host restarted) learns nothing it could use on the real host.
 *
 *   page → host  upgrade `/ipc?n=<page nonce>` (our Origin, our Host)
 *   host → page  { hello: { nonce: <host nonce>, proof: HMAC(key, 'host' | port | page nonce | host nonce) } }
 *   page         checks the proof; a wrong one closes the socket without a word
 *   page → host  { auth: HMAC(key, 'page' | port | page nonce | host nonce) }
 *   host → page  { ready: true }, then the IPC as before
 *
 * Both nonces are fresh per socket, so no proof works twice; the role label keeps the host's proof
 * from passing as the page's; the port binds both to this host. HMAC-SHA256 over the key's UTF-8
 * bytes; each side computes it with its platform's crypto (node:crypto, Web Crypto).
 */
export const HANDSHAKE_NONCE_PARAM = 'n';
/** 32 random bytes in lowercase hex: both nonces and both proofs have this shape. */
export const HEX_32 = /^[0-9a-f]{64}$/;

export function proofInput(role: 'host' | 'page', port: number, pageNonce: string, hostNonce: string): string {
  return `benchlink-host-handshake-v1|${role}|${port}|${pageNonce}|${hostNonce}`;
}

const hex32 = z.string().regex(HEX_32);
export const hostHello = z.strictObject({ hello: z.strictObject({ nonce: hex32, proof: hex32 }) });
export const pageAuth = z.strictObject({ auth: hex32 });
export const hostReady = z.strictObject({ ready: z.literal(true) });
export type HostHello = z.infer<typeof hostHello>;
export type PageAuth = z.infer<typeof pageAuth>;

/**
 * How long each side gives the handshake before dropping the socket: the host waits this long for the
 * page's proof, the page this long from opening the socket to `ready`.
 */
export const HANDSHAKE_TIMEOUT_MS = 10_000;
