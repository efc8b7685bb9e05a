/**
 * Everything that stops labels from being made. `issues` holds one sentence per problem, each
 * naming the label and the value, so the UI can list them all at once instead of one per attempt.
 */
export class LabelError extends Error {
  readonly issues: readonly string[];
  constructor(issues: readonly string[]) {
    super(issues.length === 1 ? issues[0]! : `${labelsIn(issues)} cannot be made:\n- ${issues.join('\n- ')}`);
    this.name = 'LabelError';
    this.issues = issues;
  }
}

/**
 * How many labels the problems are about: one label can have several (two lines it cannot print), and
 * "2 labels cannot be made" for a batch of one sent the user looking for a second. Each problem names
 * its label first ("Label 3 (ID …): …"); one that names none counts as its own.
 */
function labelsIn(issues: readonly string[]): string {
  const n = new Set(issues.map((issue) => /^Label (\d+)\b/.exec(issue)?.[1] ?? issue)).size;
  return n === 1 ? '1 label' : `${n} labels`;
}
