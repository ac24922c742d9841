import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ORDER_STATUSES, type OrderStatus } from '@shop/domain/order-status';
import { formatDa } from '@shop/domain/money';
import { texts } from '../../../texts.ts';
import { STATUS_HEX } from '../../../components/status-colors.ts';
import type { OrderStats } from '../api/get-stats.ts';

interface StatsChartsProps {
  perDay: OrderStats['per_day'];
  byStatus: OrderStats['by_status'];
}

export function StatsCharts({ perDay, byStatus }: StatsChartsProps) {
  const days = perDay.map((d) => ({ ...d, label: d.date.slice(5) }));
  const statuses = ORDER_STATUSES.map((status: OrderStatus) => ({ status, count: byStatus[status] ?? 0 }));
  return (
    <div className="mt-5 grid gap-4 lg:grid-cols-3">
      <figure className="rounded-lg bg-white p-4 shadow-sm lg:col-span-2">
        <figcaption className="mb-3 text-sm font-semibold text-slate-700">{texts.dashboard.perDay}</figcaption>
        <div className="h-64">
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={days} margin={{ top: 5, right: 5, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="label" tick={{ fontSize: 11 }} />
              <YAxis yAxisId="orders" allowDecimals={false} tick={{ fontSize: 11 }} width={30} />
              <YAxis yAxisId="revenue" orientation="right" tick={{ fontSize: 11 }} width={60} />
              <Tooltip
                formatter={(value, name) => (name === texts.dashboard.revenue ? formatDa(Number(value)) : value)}
              />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar
                isAnimationActive={false}
                yAxisId="orders"
                dataKey="orders"
                name={texts.dashboard.orders}
                fill="#3b82f6"
                radius={[3, 3, 0, 0]}
              />
              <Line
                yAxisId="revenue"
                dataKey="revenue"
                name={texts.dashboard.revenue}
                stroke="#16a34a"
                strokeWidth={2}
                dot={false}
                type="monotone"
                isAnimationActive={false}
              />
            </ComposedChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <figure className="rounded-lg bg-white p-4 shadow-sm">
        <figcaption className="mb-3 text-sm font-semibold text-slate-700">{texts.dashboard.byStatus}</figcaption>
        <div className="h-64">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={statuses} layout="vertical" margin={{ top: 5, right: 10, bottom: 0, left: 10 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} />
              <YAxis type="category" dataKey="status" tick={{ fontSize: 11 }} width={70} />
              <Tooltip />
              <Bar dataKey="count" name={texts.dashboard.orders} radius={[0, 3, 3, 0]} isAnimationActive={false}>
                {statuses.map((s) => (
                  <Cell key={s.status} fill={STATUS_HEX[s.status]} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
    </div>
  );
}
