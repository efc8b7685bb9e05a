import bwipjs from 'bwip-js';
import type { BwipRequest } from '../../shared/labels/index.js';

/**
 * A linear symbol's bar and space widths in modules (bar first), as bwip-js's encoder computed them.
 * The PDF draws these as vector bars: an image of them is resampled by viewers and drivers, and
 * resampled 2-dot bars blurred until Code 128 no longer decoded.
 */
export function linearBars(request: BwipRequest): readonly number[] {
  const { bcid, text, ...options } = request;
  const first = bwipjs.raw(bcid, text, options)[0];
  if (first === undefined || !('sbs' in first)) throw new Error(`${bcid} is not a linear symbology`);
  return first.sbs;
}
