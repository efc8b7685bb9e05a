/**
 * Runs one bench function in this (fresh) process and prints its result as the last line, tagged,
 * so figures such as RSS are not polluted by the benches that ran before it.
 */
const [modulePath, fn, argsJson] = process.argv.slice(2);
if (!modulePath || !fn) {
  console.error('usage: tsx bench/one.ts <module> <function> [argsJson]');
  process.exit(2);
}
const mod = (await import(new URL(modulePath, import.meta.url).href)) as Record<string, unknown>;
const bench = mod[fn];
if (typeof bench !== 'function') {
  console.error(`${modulePath} has no function ${fn}`);
  process.exit(2);
}
const args = argsJson ? (JSON.parse(argsJson) as unknown[]) : [];
const result: unknown = await (bench as (...a: unknown[]) => Promise<unknown>)(...args);
console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
process.exit(0);
