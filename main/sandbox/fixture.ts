import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { PAGE_KINDS } from '../../shared/api/eln.js';
import { labsheetColumn } from '../../shared/api/labsheets.js';
import { wellAssignment } from '../../shared/api/manifests.js';
import { cellValue, nameField } from '../../shared/api/primitives.js';

/**
 * The fixture format of shared/sandbox-fixture.example.json. Objects are strict so a typo
 * ("superadmin") is reported with its path instead of silently ignored. Every `uuid` is optional:
 * give one to make ids stable across runs, leave it out to get a random one.
 */
const uuid = z.string().min(1).optional();

const user = z.strictObject({
  email: z.string().min(3).includes('@', { message: 'must be an email address' }),
  token: z.string().min(1),
  superAdmin: z.boolean().default(false),
});
const folder = z.strictObject({
  name: nameField,
  uuid,
  private: z.boolean().default(false),
  permissions: z.array(z.string()).default([]),
});
const labspace = z.strictObject({
  name: nameField,
  uuid,
  description: z.string().default(''),
  folders: z.array(folder).default([]),
});
/** A row: column name -> cell value, plus the reserved `_archived` and `_uuid`. */
const row = z.record(z.string(), z.union([cellValue, z.boolean()]));
const labsheet = z.strictObject({
  name: nameField,
  uuid,
  folder: z.string().optional(),
  columns: z.array(labsheetColumn).min(1),
  rows: z.array(row).default([]),
});
const layout = z.strictObject({ rows: z.number().int().min(1).max(26), columns: z.number().int().min(1).max(48) });
const manifest = z.strictObject({
  name: z.string().min(1),
  uuid,
  hrid: z.string().min(1),
  barcode: z.string().min(1),
  template: z.string().min(1),
  layout: layout.optional(),
  wells: z.array(wellAssignment).default([]),
});
const location = z.strictObject({ name: nameField, uuid, parent: z.string().optional() });
const sequence = z.strictObject({
  name: z.string().min(1),
  uuid,
  type: z.string().default('DNA'),
  sequence: z.string(),
  circular: z.boolean().default(false),
});
const labflow = z.strictObject({
  labflowId: z.string().min(1),
  name: z.string().min(1),
  tests: z.array(z.strictObject({ protocoltemplateId: z.string().min(1), name: z.string().min(1) })).default([]),
});
const page = z.strictObject({
  kind: z.enum(PAGE_KINDS),
  name: z.string().min(1),
  uuid,
  hrid: z.string().min(1),
  labspace: z.string().optional(),
});

export const sandboxFixture = z.strictObject({
  users: z.array(user).min(1, 'at least one user (the first one is the demo token)'),
  labspaces: z.array(labspace).default([]),
  labsheets: z.array(labsheet).default([]),
  manifests: z.array(manifest).default([]),
  locations: z.array(location).default([]),
  sequences: z.array(sequence).default([]),
  labflows: z.array(labflow).default([]),
  pages: z.array(page).default([]),
});
/** What a caller writes (defaults optional). */
export type SandboxFixture = z.input<typeof sandboxFixture>;
/** What the seeder reads (defaults filled). */
export type ParsedFixture = z.output<typeof sandboxFixture>;

/** A fixture that cannot be read, parsed or applied; the message names the file and the field. */
export class FixtureError extends Error {
  override name = 'FixtureError';
}

const pathOf = (path: readonly PropertyKey[]): string =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`)).join('') ||
  '(top level)';

export function parseFixture(data: unknown, source = 'fixture'): ParsedFixture {
  const result = sandboxFixture.safeParse(data);
  if (result.success) return result.data;
  const lines = result.error.issues.slice(0, 5).map((i) => {
    const detail =
      i.code === 'unrecognized_keys' ? `unknown field ${i.keys.map((k) => `"${k}"`).join(', ')}` : i.message;
    return `  ${pathOf(i.path)}: ${detail}`;
  });
  throw new FixtureError(`${source} is not a valid sandbox fixture:\n${lines.join('\n')}`);
}

/** Reads a fixture file (or takes an object) and validates it. */
export async function loadFixture(source: string | SandboxFixture): Promise<ParsedFixture> {
  if (typeof source !== 'string') return parseFixture(source);
  let text: string;
  try {
    text = await readFile(source, 'utf8');
  } catch (e) {
    throw new FixtureError(`cannot read fixture ${source}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new FixtureError(`fixture ${source} is not valid JSON: ${(e as Error).message}`);
  }
  return parseFixture(data, `fixture ${source}`);
}
