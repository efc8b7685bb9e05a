/** "1 tube", "3 tubes": a count read at a glance, where "1 tubes" reads as a misprint. Regular plurals only. */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
