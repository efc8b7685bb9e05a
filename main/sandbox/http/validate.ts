import type { z } from 'zod';
import { invalid } from '../domain/service-error.js';

function describeIssue(issue: z.core.$ZodIssue, where: string): string {
  const path = [where, ...issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))].join('').replace(/\.\[/g, '[');
  if (issue.code === 'unrecognized_keys') return `${path}: unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  return `${path}: ${issue.message}`;
}

/** Parses a request part with its shared/api schema; a violation is a 422 naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, where: 'body' | 'query'): z.output<S> {
  const result = schema.safeParse(input ?? (where === 'query' ? {} : undefined));
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, 3).map((i) => describeIssue(i, where));
  throw invalid(issues.join('; '));
}
