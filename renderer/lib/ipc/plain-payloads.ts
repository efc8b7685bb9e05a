import type { BenchlinkApi } from '../../../shared/ipc/api.js';

/**
 * Electron's bridge with each payload sent as plain data, as the browser host's WebSocket sends it
 * (JSON). Svelte's `$state` objects are Proxies, and contextBridge copies a Proxy with the structured
 * clone algorithm, which refuses it ("An object could not be cloned"): in Electron every well change
 * of an open plate (its basis is $state) and every token save failed before leaving the page, while
 * the browser host, whose JSON reads through Proxies, sent them. One wire semantics for both hosts.
 */
export function withPlainPayloads(bridge: BenchlinkApi): BenchlinkApi {
  return {
    ...bridge,
    invoke: ((channel, payload) =>
      bridge.invoke(
        channel,
        payload === undefined ? payload : JSON.parse(JSON.stringify(payload)),
      )) as BenchlinkApi['invoke'],
  };
}
