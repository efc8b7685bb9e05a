import {
  HANDSHAKE_NONCE_PARAM,
  hostHello,
  hostReady,
  proofInput,
  type PageAuth,
} from '../../../shared/ipc/host-handshake.js';

const hex = (bytes: ArrayBuffer | Uint8Array): string =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

function unhex(text: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/**
 * The page's half of shared/ipc/host-handshake.ts, with Web Crypto's HMAC (127.0.0.1 is a secure
 * context). The key stays a non-extractable CryptoKey; only proofs over fresh nonces leave the page.
 */
export interface PageHandshake {
  /** The socket URL with a fresh page nonce; call `step` with each message until it says 'ready'. */
  url: string;
  /**
   * Answers the next thing to send, 'ready' once the host accepted us, or 'refuse' for anything
   * else: a host that cannot prove the key gets nothing from the page.
   */
  step(text: string): Promise<{ send: string } | 'ready' | 'refuse'>;
}

export function createKeyring(key: string): () => Promise<CryptoKey> {
  let imported: Promise<CryptoKey> | null = null;
  return () =>
    (imported ??= crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(key),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    ));
}

export function startHandshake(socketUrl: string, hmacKey: () => Promise<CryptoKey>): PageHandshake {
  const pageNonce = hex(crypto.getRandomValues(new Uint8Array(32)));
  const url = new URL(socketUrl);
  url.searchParams.set(HANDSHAKE_NONCE_PARAM, pageNonce);
  const port = Number(url.port || (url.protocol === 'wss:' ? 443 : 80));
  let hostNonce: string | null = null;
  return {
    url: url.href,
    async step(text) {
      let msg: unknown;
      try {
        msg = JSON.parse(text);
      } catch {
        return 'refuse';
      }
      if (hostNonce !== null) return hostReady.safeParse(msg).success ? 'ready' : 'refuse';
      const hello = hostHello.safeParse(msg);
      if (!hello.success) return 'refuse';
      const { nonce, proof } = hello.data.hello;
      const key = await hmacKey();
      const enc = new TextEncoder();
      const genuine = await crypto.subtle.verify(
        'HMAC',
        key,
        unhex(proof),
        enc.encode(proofInput('host', port, pageNonce, nonce)),
      );
      if (!genuine) return 'refuse';
      hostNonce = nonce;
      const mac = await crypto.subtle.sign('HMAC', key, enc.encode(proofInput('page', port, pageNonce, nonce)));
      const auth: PageAuth = { auth: hex(mac) };
      return { send: JSON.stringify(auth) };
    },
  };
}
