import {
  toZpl,
  zplSteps,
  type LabelRecordInput,
  type LabelTemplate,
  type ZplDpi,
  type ZplResult,
} from '../../shared/labels/index.js';
import { measureWithBwip } from './measure.js';
import { finishInTurns } from './turns.js';

/** ZPL for a Zebra printer, sized by bwip-js's encoder so its checks match the PDF and the preview. */
export function labelsToZpl(
  template: LabelTemplate,
  records: readonly LabelRecordInput[],
  options: { dpi?: ZplDpi } = {},
): ZplResult {
  return toZpl(template, records, { ...options, measure: measureWithBwip });
}

/** labelsToZpl with main answering other messages between labels (turns.ts): for jobs sent over IPC. */
export function labelsToZplInTurns(
  template: LabelTemplate,
  records: readonly LabelRecordInput[],
  options: { dpi?: ZplDpi } = {},
): Promise<ZplResult> {
  return finishInTurns(zplSteps(template, records, { ...options, measure: measureWithBwip }));
}
