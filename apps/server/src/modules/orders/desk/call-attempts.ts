// The rule after calls without an answer: the owner sets how many (desk settings,
// no_answer_limit; 0 = never); the call that reaches it cancels the pending order as unreachable,
// its stock and coupon use back, in the order's history as a second entry after the no-answer.
// Applied after the call is recorded, from what it recorded, so that two agents recording
// no-answers at once still stop at the limit.
import type { ConfirmationUpdate } from '@shop/domain/order-desk-schemas';
import type { Order } from '@shop/domain/order-responses';
import type { Database } from '../../../db/database.ts';
import { deskSettings } from '../../settings/settings.service.ts';
import { recordCall } from './order-calls.ts';

/** Records a call's outcome, then the owner's rule after too many calls without an answer. */
export async function recordCallWithRule(
  db: Database,
  id: number,
  update: ConfirmationUpdate,
  author: string,
  authorId?: number,
): Promise<Order> {
  const order = await recordCall(db, id, update, author, authorId);
  if (update.outcome !== 'no_answer' || order.status !== 'pending' || order.confirmation !== 'no_answer') return order;
  const limit = (await deskSettings(db)).no_answer_limit;
  if (limit === 0 || order.call_attempts < limit) return order;
  return recordCall(
    db,
    id,
    { outcome: 'refused', reason: 'unreachable', note: `No answer after ${order.call_attempts} calls` },
    author,
    authorId,
  );
}
