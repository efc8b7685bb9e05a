import { LabelError } from '../../../../shared/labels/index.js';

/** The issues a label call refused with (a LabelError's), failing the test when it did not refuse. */
export function issuesOf(fn: () => unknown): readonly string[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof LabelError) return error.issues;
    throw error;
  }
  throw new Error('expected a LabelError');
}
