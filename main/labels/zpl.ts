import {
  toZpl,
  type LabelRecordInput,
  type LabelTemplate,
  type ZplDpi,
  type ZplResult,
} from '../../shared/labels/index.js';
import { measureTextWidth, measureWithBwip } from './measure.js';

/** ZPL for a Zebra printer, sized by bwip-js's encoder so its checks match the PDF and the preview. */
export function labelsToZpl(
  template: LabelTemplate,
  records: readonly LabelRecordInput[],
  options: { dpi?: ZplDpi } = {},
): ZplResult {
  return toZpl(template, records, { ...options, measure: measureWithBwip, measureText: measureTextWidth });
}
