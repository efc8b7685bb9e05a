import type { AimInfo } from './aim.js';

/** Codabar's data (digits and - $ : / . +) between its start and stop characters (A–D, or T N * E). */
export const CODABAR_FRAMED = /^([A-DTNE*])([0-9\-$:/.+]+)([A-DTNE*])$/i;

/**
 * A Codabar read (AIM `]F`) sent with its start and stop characters, as scanners set to send them do
 * (A123456B): they are never data, so they are taken off. Without an AIM they may be a code's own
 * letters, and only the words say so (read-causes.ts).
 */
export function withoutCodabarStartStop(text: string, aim: AimInfo | null): string {
  if (aim?.symbology !== 'codabar') return text;
  return CODABAR_FRAMED.exec(text)?.[2] ?? text;
}
