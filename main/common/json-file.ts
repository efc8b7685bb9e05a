import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { moveAside } from './atomic-file.js';

export type JsonFileRead<T> =
  | { kind: 'missing' }
  | { kind: 'read'; value: T }
  /** Unreadable: moved aside (never overwritten, the user may want it back), with the reason in words. */
  | { kind: 'moved-aside'; movedTo: string; reason: string };

/**
 * Reads a JSON file the app keeps (label templates, plate layouts) against its schema. A file that
 * is not JSON or not of the schema is moved aside, so the caller starts fresh without losing it.
 */
export async function readJsonFile<T>(file: string, schema: z.ZodType<T>, now: () => Date): Promise<JsonFileRead<T>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    throw error;
  }
  let reason: string;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    if (parsed.success) return { kind: 'read', value: parsed.data };
    reason = parsed.error.issues.map((i) => `${i.path.join('.') || 'file'}: ${i.message}`).join('; ');
  } catch (error) {
    reason = `not valid JSON (${(error as Error).message})`;
  }
  return { kind: 'moved-aside', movedTo: await moveAside(file, now()), reason };
}
