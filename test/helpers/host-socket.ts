import { createHmac, randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { HANDSHAKE_NONCE_PARAM, proofInput } from '../../shared/ipc/host-handshake.js';

const hmacHex = (key: string, input: string) => createHmac('sha256', key).update(input).digest('hex');

export type HandshakeOutcome = { outcome: 'open'; ws: WebSocket } | { outcome: number | 'closed'; ws: WebSocket };

/**
 * A socket to the browser host that speaks the page's side of shared/ipc/host-handshake.ts, written
 * independently of the renderer's (node:crypto here, Web Crypto there) so a test of either catches a
 * mismatch. Answers 'open' once the host said ready, the HTTP status of a refused upgrade, or
 * 'closed' when the host closed the socket during the handshake.
 */
export function openHostSocket(
  port: number,
  key: string,
  o: { origin?: string; hostHeader?: string; nonce?: string } = {},
): Promise<HandshakeOutcome> {
  const pageNonce = o.nonce ?? randomBytes(32).toString('hex');
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ipc?${HANDSHAKE_NONCE_PARAM}=${pageNonce}`, {
    ...(o.origin ? { origin: o.origin } : {}),
    ...(o.hostHeader ? { headers: { host: o.hostHeader } } : {}),
  });
  return new Promise((resolve) => {
    let step: 'hello' | 'ready' | 'done' = 'hello';
    ws.once('unexpected-response', (_req, res) => resolve({ outcome: res.statusCode ?? 0, ws }));
    ws.once('error', () => resolve({ outcome: -1, ws }));
    ws.once('close', () => step !== 'done' && resolve({ outcome: 'closed', ws }));
    const onMessage = (data: WebSocket.RawData) => {
      const msg = JSON.parse(String(data)) as { hello?: { nonce: string; proof: string }; ready?: true };
      if (step === 'hello' && msg.hello) {
        const { nonce, proof } = msg.hello;
        if (proof !== hmacHex(key, proofInput('host', port, pageNonce, nonce))) return ws.close();
        step = 'ready';
        ws.send(JSON.stringify({ auth: hmacHex(key, proofInput('page', port, pageNonce, nonce)) }));
      } else if (step === 'ready' && msg.ready) {
        step = 'done';
        ws.off('message', onMessage);
        resolve({ outcome: 'open', ws });
      }
    };
    ws.on('message', onMessage);
  });
}
