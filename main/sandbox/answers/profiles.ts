import type { EndpointName } from '../../../shared/api/endpoints.js';
import type { Json } from './json.js';
import { seededRandom, type Random } from '../../common/seeded-random.js';
import { SPEC_SHAPES } from './spec-shapes.js';
import { addExtras, VARIATIONS, varyRowCells, type Varied } from './variations.js';

/**
 * How the sandbox answers (DESIGN.md, "Sandbox contract"):
 * - extended: the demo default; adds what the app can use beyond the spec (a plate's wells and layout,
 *   a `reason` in error bodies);
 * - spec: only the fields the spec names for each endpoint;
 * - varied: spec plus seeded variations the spec's wording allows (variations.ts), each with some
 *   probability per answer, and unknown extra fields at every level.
 */
export const ANSWER_PROFILES = ['extended', 'spec', 'varied'] as const;
export type AnswerProfile = (typeof ANSWER_PROFILES)[number];

export interface AnswerOptions {
  profile: AnswerProfile;
  /** Seed of `varied` (default 1): the same seed and the same requests give the same answers. */
  seed?: number;
}

export interface Answers {
  readonly profile: AnswerProfile;
  /** A success answer of `endpoint` as this profile sends it. */
  success(endpoint: EndpointName, body: Json): Varied;
  /** The row listing's cells, given each column's type (null for `uuid`). */
  rowCells(rows: Json, types: readonly (string | null)[]): Json;
  /** An error body `{success: false, message, reason?}` as this profile sends it. */
  error(body: { success: false; message: string; reason?: string }): Json;
}

export function createAnswers(o: AnswerOptions = { profile: 'extended' }): Answers {
  const rnd: Random = seededRandom(o.seed ?? 1);
  const profile = o.profile;
  return {
    profile,
    success(endpoint, body) {
      if (profile === 'extended') return { body };
      const spec = SPEC_SHAPES[endpoint]?.(body) ?? body;
      if (profile === 'spec') return { body: spec };
      const varied = VARIATIONS[endpoint]?.(spec, rnd) ?? { body: spec };
      return varied.emptyStatus !== undefined ? varied : { body: addExtras(varied.body, rnd) };
    },
    rowCells(rows, types) {
      return profile === 'varied' ? varyRowCells(rows, types, rnd) : rows;
    },
    error(body) {
      if (profile === 'extended') return body;
      const { reason, ...spec } = body;
      if (profile === 'spec' || reason === undefined) return spec;
      // A real service's extra properties are its own: sometimes a detail under another name, sometimes none.
      return rnd() < 0.5 ? spec : { ...spec, detail: reason };
    },
  };
}
