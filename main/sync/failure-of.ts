import { classify, countUnanswered, elsewhereUnanswered, otherAddressOf, type Classified } from './classify.js';
import type { SendContext } from './step-result.js';

/**
 * What a send's failure means for its entries: classify's reading, with a silence counted when the service
 * is reachable (countUnanswered). A silence of the files or events address is put to the main service
 * first: when it answers, the network is fine and that address is this lane's problem
 * (elsewhereUnanswered); when it does not either, it is the usual silence, waited out as offline.
 */
export async function failureOf(ctx: SendContext, err: unknown): Promise<Classified> {
  const failure = classify(err, ctx.platform.now());
  const address = failure.network && failure.action === 'transient' ? otherAddressOf(err) : null;
  if (address !== null && (await ctx.mainAnswers())) return elsewhereUnanswered(failure, address);
  return countUnanswered(failure, ctx.reachable());
}
