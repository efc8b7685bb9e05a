/**
 * A rack scanner file's text from its bytes. Some rack scanners' software and spreadsheet programs
 * ("Unicode text") export UTF-16, with a byte order mark or without one: read as UTF-8, every other
 * character was a NUL, and no line named a position ("another rack?"), so nothing was saved. The mark
 * says which; without one, ASCII text in UTF-16 has a zero in every other byte.
 */
export function rackFileText(bytes: Uint8Array): string {
  const [a, b] = bytes;
  if (a === 0xff && b === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (a === 0xfe && b === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const head = bytes.subarray(0, Math.min(bytes.length, 64));
  const zerosAt = (odd: 0 | 1) => head.filter((x, i) => i % 2 === odd && x === 0).length;
  const half = Math.floor(head.length / 2);
  if (half >= 2 && zerosAt(1) === half && zerosAt(0) === 0) return new TextDecoder('utf-16le').decode(bytes);
  if (half >= 2 && zerosAt(0) === half && zerosAt(1) === 0) return new TextDecoder('utf-16be').decode(bytes);
  // UTF-8, its own mark dropped by the decoder; bytes that are not UTF-8 show as U+FFFD, never throw.
  return new TextDecoder('utf-8').decode(bytes);
}
