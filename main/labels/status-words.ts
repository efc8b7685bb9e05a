import type { HostStatus } from './host-status.js';
import { capitalised } from '../../shared/sentence-case.js';

/**
 * A printer's host status in words for the person at the bench. `stopped` is set when the printer
 * cannot print until someone acts: it has the job (it answered after reading it), so the message
 * says how to let it print what it holds and warns against sending the labels twice. `notes` are
 * things worth knowing that do not stop printing.
 */
export interface StatusWords {
  stopped: string | null;
  notes: string[];
}

/** What stops printing, with what to do about it; "paused" last, as resuming is the final step. */
const STOPS: ReadonlyArray<{ flag: keyof HostStatus; what: string; todo: string }> = [
  { flag: 'paperOut', what: 'it is out of paper', todo: 'load labels' },
  { flag: 'ribbonOut', what: 'it is out of ribbon', todo: 'load a new ribbon' },
  { flag: 'headOpen', what: 'its print head is open', todo: 'close the print head' },
  { flag: 'overTemperature', what: 'its print head is too hot', todo: 'let it cool down' },
  { flag: 'paused', what: 'it is paused', todo: 'press Pause on the printer to resume' },
];

function list(items: readonly string[], last: string): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')}${last}${items.at(-1)!}`;
}

export function statusWords(status: HostStatus, where: string): StatusWords {
  const stops = STOPS.filter((s) => status[s.flag]);
  const notes: string[] = [];
  if (status.bufferFull)
    notes.push(
      `The printer at ${where} says its memory for incoming labels is full: it is still working through earlier ones, so these may take a while to come out.`,
    );
  if (status.labelWaiting)
    notes.push(`The printer at ${where} waits for each printed label to be taken off before it prints the next.`);
  if (status.underTemperature)
    notes.push(
      `The printer at ${where} says its print head is too cold: labels may print faint, so check that they scan.`,
    );
  if (status.corruptRam)
    notes.push(
      `The printer at ${where} says it lost its stored settings: check that the labels come out at the right size and darkness.`,
    );
  if (stops.length === 0) return { stopped: null, notes };
  const whats = stops.map((s) => s.what);
  const todos = stops.map((s) => s.todo);
  const what = list(whats, ' and ');
  const todo = capitalised(list(todos, ', then '));
  const stopped =
    `The printer at ${where} received the job but cannot print it: ${what}. ${todo}; it should then print ` +
    'the labels it holds. Check which labels came out before sending any again, so none is printed twice.';
  return { stopped, notes };
}
