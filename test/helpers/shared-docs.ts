import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The spec and the example fixture live in `../shared/` beside the project (where CI puts them).
 * A clone on its own falls back to the copies in test/fixtures/shared, so the tests still run.
 */
export function sharedDoc(name: 'lab-data-service-spec.md' | 'sandbox-fixture.example.json'): string {
  const beside = fileURLToPath(new URL(`../../../shared/${name}`, import.meta.url));
  return existsSync(beside) ? beside : fileURLToPath(new URL(`../fixtures/shared/${name}`, import.meta.url));
}
