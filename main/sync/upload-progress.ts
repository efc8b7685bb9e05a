import type { UploadProgress } from '../api/request.js';
import type { UploadSendProgress } from '../../shared/ipc/channels/upload.js';

/**
 * The shortest time between two progress reports of one upload: a bar needs a few a second, and got
 * reports every chunk written (hundreds a second on a fast link, each an event to every page).
 */
export const UPLOAD_PROGRESS_EVERY_MS = 250;

/**
 * got's upload progress for entry `id`, passed on to `report` at most once per `everyMs` on `now`'s
 * clock, the first at once, and always the one that says all is sent (the bar then stands full while
 * the service answers). `size`: the file's, when got cannot tell the request's whole length.
 */
export function throttledProgress(
  id: number,
  size: number,
  report: (progress: UploadSendProgress) => void,
  now: () => number,
  everyMs = UPLOAD_PROGRESS_EVERY_MS,
): (progress: UploadProgress) => void {
  let last: number | null = null;
  let ended = false;
  return ({ transferred, total }) => {
    const whole = total ?? size;
    const all = transferred >= whole;
    const at = now();
    if (ended || (!all && last !== null && at - last < everyMs)) return;
    last = at;
    ended = all;
    report({ id, sent: Math.min(transferred, whole), total: whole });
  };
}
