import type { z } from 'zod';
import { invalid } from '../domain/service-error.js';

function describeIssue(issue: z.core.$ZodIssue, where: string): string {
  const path = [where, ...issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))]
    .join('')
    .replace(/\.\[/g, '[');
  if (issue.code === 'unrecognized_keys')
    return `${path}: unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  return `${path}: ${issue.message}`;
}

/** Parses a request part with its shared/api schema; a violation is a 422 naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, where: 'body' | 'query'): z.output<S> {
  const result = schema.safeParse(input ?? (where === 'query' ? {} : undefined));
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, 3).map((i) => describeIssue(i, where));
  throw invalid(issues.join('; '));
}

export const MAX_JSON_DEPTH = 256;

/** Nesting depth of a parsed JSON value, computed without recursion (so any depth is safe to measure). */
export function jsonDepth(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (d > max) max = d;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, d + 1]);
  }
  return max;
}

/**
 * Free-form JSON (the webhook payload) is validated recursively by zod; a hostile nesting depth
 * would overflow the stack and surface as a 500. Refuse it up front as a validation error.
 */
export function assertJsonDepth(value: unknown, where: string): void {
  if (jsonDepth(value) > MAX_JSON_DEPTH) throw invalid(`${where}: nested more than ${MAX_JSON_DEPTH} levels deep`);
}
