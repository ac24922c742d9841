import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { texts } from '../../../texts.ts';
import type { OrderStats } from '../api/get-stats.ts';

/** The wilayas with the most orders; the table below lists them all. */
const CHART_WILAYAS = 10;

const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 100));

/** Confirmation, delivery and return rates of the busiest wilayas, side by side (recharts, lazy). */
export function RatesChart({ perWilaya }: { perWilaya: OrderStats['last_30_days']['per_wilaya'] }) {
  const rows = perWilaya.slice(0, CHART_WILAYAS).map((w) => ({
    wilaya: w.wilaya,
    confirmation: percent(w.confirmation_rate),
    delivery: percent(w.delivery_rate),
    return: percent(w.return_rate),
  }));
  return (
    <div style={{ height: Math.max(160, rows.length * 56 + 60) }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} layout="vertical" margin={{ top: 5, right: 10, bottom: 0, left: 10 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis type="number" domain={[0, 100]} unit="%" tick={{ fontSize: 11 }} />
          <YAxis type="category" dataKey="wilaya" tick={{ fontSize: 11 }} width={90} />
          <Tooltip formatter={(value) => (value === null ? texts.dashboard.noRate : `${String(value)}%`)} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar
            dataKey="confirmation"
            name={texts.dashboard.confirmationRate}
            fill="#3b82f6"
            isAnimationActive={false}
          />
          <Bar dataKey="delivery" name={texts.dashboard.deliveryRate} fill="#22c55e" isAnimationActive={false} />
          <Bar dataKey="return" name={texts.dashboard.returnRate} fill="#f97316" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
