import { GS } from './gs1.js';

/**
 * Texts a keyboard-wedge scanner types where a GS1 read has FNC1 (GS, 0x1d), when it is set to show
 * the separator rather than send it: `<GS>`, `{GS}`, `[GS]`, caret notation `^]`, and the control
 * picture `␝`. Taken as data, `<GS>` passed GS1's character set (CSET 82 has < > G S), so
 * `10LOT1<GS>17261130` became lot "LOT1<GS>17261130" and its expiry was lost without a word.
 *
 * Letters in any case: the same scanner with Caps Lock on types `<gs>`. Each of these holds a
 * character no GS1 value may hold (`{ } [ ] ^ ␝`) or spells the separator's name between brackets,
 * which no label prints, so it is not data. `~1` is left out: a scanner that sends `~` alone for FNC1
 * makes `~17261130` out of FNC1 + (17)261130, which read as `~1` + `7261130` gives the wrong AI.
 */
const STAND_IN = /<GS>|\{GS\}|\[GS\]|\^\]|\u241d/gi;

/** The text with every FNC1 stand-in turned into GS, and the first stand-in as read; null when it has none. */
export function fnc1StandInsAsGs(text: string): { text: string; standIn: string } | null {
  const first = new RegExp(STAND_IN.source, 'i').exec(text);
  if (!first) return null;
  return { text: text.replace(STAND_IN, GS), standIn: first[0] };
}

/** What to tell the bench about a scanner that types FNC1 as text. */
export function fnc1AsTextSaid(standIn: string): string {
  return `the scanner sent FNC1 as the text "${standIn}": set it to send GS (group separator) for FNC1`;
}
