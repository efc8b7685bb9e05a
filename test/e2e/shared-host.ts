/**
 * The `npm start` host global setup started for this worker. Each worker has its own (its own data
 * directory and sandbox), so a test that changes the token or the demo data never meets another
 * worker's test; tests that need to take the service away start their own stack instead.
 */
export function sharedHostUrl(): string {
  const urls = JSON.parse(process.env['BENCHLINK_E2E_URLS'] ?? '[]') as string[];
  // Playwright numbers the running workers 0..workers-1; a worker started again after a failure takes the same slot.
  const u = urls[Number(process.env['TEST_PARALLEL_INDEX'] ?? 0) % Math.max(1, urls.length)];
  if (!u) throw new Error('BENCHLINK_E2E_URLS not set: global setup did not start the host');
  return u;
}
