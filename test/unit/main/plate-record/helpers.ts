import { afterAll, beforeAll } from 'vitest';
import { inProcessApi, type InProcess } from '../../../helpers/in-process-api.js';

/** The real main in-process, shared by every test of the file; read `env` inside a test. */
export function mainForSuite(): { readonly env: InProcess } {
  let env: InProcess | null = null;
  beforeAll(async () => {
    env = await inProcessApi();
  });
  afterAll(() => env?.close());
  return {
    get env(): InProcess {
      if (!env) throw new Error('main runs only inside the tests of its suite');
      return env;
    },
  };
}

/** A tube put in a well of the plate `uuid`, as Well fill sends it (the well's whole state). */
export const wellSet = (uuid: string, position: string, id: string) => ({
  type: 'well-set' as const,
  manifest: { uuid },
  position,
  sample: { id, labsheet: 'Samples' },
  label: '' as const,
  tags: [],
});
