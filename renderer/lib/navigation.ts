import { getContext, setContext } from 'svelte';

/** Every screen of the app; renderer/app/screens.ts says what each one shows. */
export type ScreenId =
  'well-fill' | 'assign-location' | 'row-update' | 'upload' | 'outbox' | 'data' | 'labels' | 'settings';

/** Which plate or box a screen should open on; exactly one key is given. */
export interface PlateRef {
  uuid?: string;
  barcode?: string;
  hrid?: string;
}

/** What a screen can be opened with. A screen absent here takes no parameters. */
export interface ScreenParams {
  labels: { plate: PlateRef };
}

/**
 * Opening one screen from another ("label this plate" on Well fill). Screens take no props
 * (screens.ts), so the parameters wait here until the opened screen takes them on mount.
 */
export interface Navigation {
  go<S extends ScreenId>(screen: S, ...params: S extends keyof ScreenParams ? [ScreenParams[S]?] : []): void;
  /** The parameters the screen was opened with, once: a later visit from the nav starts clean. */
  take<S extends keyof ScreenParams>(screen: S): ScreenParams[S] | null;
}

export function createNavigation(show: (screen: ScreenId) => void): Navigation {
  const waiting = new Map<ScreenId, unknown>();
  return {
    go(screen, ...params) {
      if (params[0] === undefined) waiting.delete(screen);
      else waiting.set(screen, params[0]);
      show(screen);
    },
    take<S extends keyof ScreenParams>(screen: S) {
      const params = waiting.get(screen) as ScreenParams[S] | undefined; // set by go() with the same key, so the type matches
      waiting.delete(screen);
      return params ?? null;
    },
  };
}

const KEY = Symbol('benchlink.navigation');
export const provideNavigation = (n: Navigation): void => void setContext(KEY, n);

/** The shell's navigation, or null outside the app (a screen rendered alone in a test). */
export const useNavigation = (): Navigation | null => getContext<Navigation | undefined>(KEY) ?? null;
