/**
 * Which folders a duplicate name could mean. The service's 409 may list their locations in its
 * reason ("… (Lab A:Plates, Lab B:Plates) …"); when it does not, every labspace is a candidate,
 * since a folder's location is always `<labspace>:<folder>` (spec).
 */
export function conflictCandidates(name: string, reason: string, labspaces: readonly string[]): string[] {
  const suffix = `:${name}`;
  const listed = [...reason.matchAll(/\(([^()]*)\)/g)]
    .flatMap((m) => (m[1] ?? '').split(','))
    .map((s) => s.trim())
    .filter((s) => s.endsWith(suffix) && s.length > suffix.length);
  if (listed.length > 0) return [...new Set(listed)];
  return labspaces.map((l) => `${l}${suffix}`);
}

/** Emails typed one per line or separated by commas/semicolons, de-duplicated, case kept. */
export function parseEmails(text: string): { emails: string[]; invalid: string[] } {
  const parts = text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const unique = [...new Map(parts.map((p) => [p.toLowerCase(), p])).values()];
  const ok = (e: string) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(e);
  return { emails: unique.filter(ok), invalid: unique.filter((e) => !ok(e)) };
}
