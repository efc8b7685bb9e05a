import bwipjs from 'bwip-js';
import { symbolSizeFromRaw, type BwipRequest, type SymbolSize } from '../../shared/labels/index.js';

/** The encoder's own symbol size for a request, so layout checks use exactly what will be drawn. */
export function measureWithBwip(request: BwipRequest): SymbolSize {
  const { bcid, text, ...options } = request;
  return symbolSizeFromRaw(bwipjs.raw(bcid, text, options));
}
