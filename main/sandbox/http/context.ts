import type { ApiMode } from '../../../shared/api/connection.js';
import type { Answers } from '../answers/profiles.js';
import type { SandboxStore } from '../store/index.js';

/** What every route module needs: the state, the mode it imitates, and its tunables. */
export interface SandboxContext {
  store: SandboxStore;
  mode: ApiMode;
  /** How long a location-create request stays IN_PROGRESS. */
  locationDelayMs: number;
  /** Where uploaded files are streamed to. */
  filesDir: string;
  /** The answer profile: extended (demo), spec, or varied. */
  answers: Answers;
}
