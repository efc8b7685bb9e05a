/**
 * Bytes of a message as JSON, or null when it cannot be serialized (cycles, BigInt): such a
 * message cannot have come from a well-behaved renderer and is refused as invalid.
 */
export function jsonBytes(message: unknown): number | null {
  try {
    const text = JSON.stringify(message);
    return text === undefined ? 0 : Buffer.byteLength(text, 'utf8');
  } catch {
    return null;
  }
}
