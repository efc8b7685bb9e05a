/**
 * A file name from what is being labelled: letters, digits, dot, dash and underscore only, and
 * no leading dots (no hidden files, no "..").
 */
export function safeFileName(stem: string, extension: string): string {
  const clean = stem
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 60);
  return `${clean === '' ? 'labels' : clean}.${extension}`;
}
