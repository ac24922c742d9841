// What an order carries beside its status, shown the same way on the confirmation queue, the
// orders list and the order's details: its flags and its phone's past orders.
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import type { Order } from '../lib/types.ts';
import { texts } from '../texts.ts';

const chip = 'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap';

/**
 * "Blacklisted phone" and the possible duplicates, when the order has them: the order flagged
 * names the earlier order it may double, and that order names the later one, each a link.
 */
export function OrderFlags({ order }: { order: Pick<Order, 'id' | 'held' | 'possible_duplicate' | 'duplicates'> }) {
  const earlier = order.duplicates.filter((id) => id < order.id);
  const later = order.duplicates.filter((id) => id > order.id);
  if (!order.held && !order.possible_duplicate && order.duplicates.length === 0) return null;
  const links = (ids: number[]) =>
    ids.map((id, i) => (
      <span key={id}>
        {i > 0 ? ', ' : ' '}
        <Link to={`${paths.admin.orders}?order=${id}`} className="underline">
          #{id}
        </Link>
      </span>
    ));
  const duplicateClass = `${chip} border-amber-300 bg-amber-50 text-amber-900`;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {order.held ? <span className={`${chip} border-red-300 bg-red-50 text-red-800`}>{texts.desk.held}</span> : null}
      {order.possible_duplicate && earlier.length > 0 ? (
        <span className={duplicateClass}>
          {texts.desk.duplicateOf}
          {links(earlier)}
        </span>
      ) : order.possible_duplicate ? (
        <span className={duplicateClass}>{texts.desk.duplicate}</span>
      ) : null}
      {later.length > 0 ? (
        <span className={duplicateClass}>
          {texts.desk.orderedAgain}
          {links(later)}
        </span>
      ) : null}
    </span>
  );
}

/**
 * The phone's orders at a glance ("3 orders: 2 delivered, 1 returned, 0 refused"), in red when
 * more parcels came back or were refused than were delivered.
 */
export function Reputation({ reputation }: { reputation: Order['reputation'] }) {
  if (reputation.orders <= 1) return <span className="text-xs text-slate-600">{texts.desk.firstOrder}</span>;
  const risky = reputation.returned + reputation.refused > reputation.delivered;
  return (
    <span className={`text-xs ${risky ? 'font-semibold text-red-700' : 'text-slate-700'}`} data-testid="reputation">
      {texts.desk.reputation(reputation)}
    </span>
  );
}

/** The call's state as a small badge: to confirm, confirmed, no answer, call back, refused. */
export function ConfirmationBadge({ confirmation }: { confirmation: Order['confirmation'] }) {
  const colors: Record<Order['confirmation'], string> = {
    to_confirm: 'border-slate-300 bg-slate-50 text-slate-800',
    confirmed: 'border-green-300 bg-green-50 text-green-800',
    no_answer: 'border-amber-300 bg-amber-50 text-amber-900',
    call_back: 'border-blue-300 bg-blue-50 text-blue-800',
    refused: 'border-red-300 bg-red-50 text-red-800',
  };
  return <span className={`${chip} ${colors[confirmation]}`}>{texts.desk.confirmationStates[confirmation]}</span>;
}
