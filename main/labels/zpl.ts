import {
  zplSteps,
  type LabelRecordInput,
  type LabelTemplate,
  type ZplDpi,
  type ZplResult,
} from '../../shared/labels/index.js';
import { measureWithBwip } from './measure.js';
import { finishInTurns } from './turns.js';

/**
 * ZPL for a Zebra printer, sized by bwip-js's encoder so its checks match the PDF and the preview; main
 * answers other messages between labels (turns.ts).
 */
export function labelsToZplInTurns(
  template: LabelTemplate,
  records: readonly LabelRecordInput[],
  options: { dpi?: ZplDpi } = {},
): Promise<ZplResult> {
  return finishInTurns(zplSteps(template, records, { ...options, measure: measureWithBwip }));
}
