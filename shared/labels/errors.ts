/**
 * Everything that stops labels from being made. `issues` holds one sentence per problem, each
 * naming the label and the value, so the UI can list them all at once instead of one per attempt.
 */
export class LabelError extends Error {
  readonly issues: readonly string[];
  constructor(issues: readonly string[]) {
    super(issues.length === 1 ? issues[0]! : `${issues.length} labels cannot be made:\n- ${issues.join('\n- ')}`);
    this.name = 'LabelError';
    this.issues = issues;
  }
}
