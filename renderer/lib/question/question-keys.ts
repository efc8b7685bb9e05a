/** What a question's keys do: `yes` (when it may be said) on Alt+Y, `no` on Escape or Alt+N. */
export interface QuestionKeys {
  yes?: () => void;
  no: () => void;
}

/**
 * The keys every question on a scanning screen answers to, wherever the focus is, so it is answered
 * without leaving the scan field: Alt+Y says yes, Escape (or Alt+N) no. Alt with a letter, as the
 * screen's other keys (Alt+F, Alt+L). One handler, so the questions cannot drift apart in their keys.
 */
export function onQuestionKey(e: KeyboardEvent, keys: QuestionKeys): void {
  if (e.ctrlKey || e.metaKey || e.shiftKey) return;
  const k = e.key.toLowerCase();
  if (e.altKey && k === 'y' && keys.yes) {
    e.preventDefault();
    keys.yes();
  } else if ((e.altKey && k === 'n') || (!e.altKey && e.key === 'Escape')) {
    e.preventDefault();
    keys.no();
  }
}
