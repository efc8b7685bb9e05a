/** "12 s", "5 min", "3 h", "2 d": how old a saved answer is, short enough for a status line. */
export function age(since: number, now: number = Date.now()): string {
  const s = Math.max(0, Math.round((now - since) / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.round(s / 60)} min`;
  if (s < 86_400) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86_400)} d`;
}
