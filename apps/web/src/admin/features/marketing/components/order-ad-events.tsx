// An order's server events to the ad platforms, in its details, for those who see the figures:
// folded, and fetched once opened (most orders are read for other things).
import { useState } from 'react';
import { useCan } from '../../../lib/access.tsx';
import { texts } from '../../../texts.ts';
import { AdEventsList } from './ad-events-list.tsx';

export function OrderAdEvents({ orderId }: { orderId: number }) {
  const allowed = useCan('revenue');
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <details className="mt-4" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-sm font-semibold text-slate-700">
        {texts.marketing.orderEventsTitle}
      </summary>
      {open ? (
        <div className="mt-2">
          <AdEventsList filter={{ orderId }} title={texts.marketing.eventsTitle} />
        </div>
      ) : null}
    </details>
  );
}
