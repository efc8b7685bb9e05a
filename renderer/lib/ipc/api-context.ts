import { getContext, setContext } from 'svelte';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';

const API_KEY = Symbol('benchlink.api');

/**
 * Screens are mounted without props (renderer/app/screens.ts), so the shell provides its one API
 * connection through context; opening a second WebSocket per screen would double every event.
 */
export const provideApi = (api: BenchlinkApi): void => void setContext(API_KEY, api);

/** The shell's API; call during component initialisation. */
export function useApi(): BenchlinkApi {
  const api = getContext<BenchlinkApi | undefined>(API_KEY);
  if (!api) throw new Error('useApi(): no API in context; App.svelte provides it with provideApi()');
  return api;
}
