import { ORDER_STATUS_COLORS, type OrderStatus } from '@shop/domain/order-status';

// Tailwind classes of the colours named in SPEC §4 (pending yellow, approved blue, …).
const CLASSES = {
  yellow: 'bg-yellow-100 text-yellow-900 border-yellow-300',
  blue: 'bg-blue-100 text-blue-900 border-blue-300',
  purple: 'bg-purple-100 text-purple-900 border-purple-300',
  green: 'bg-green-100 text-green-900 border-green-300',
  red: 'bg-red-100 text-red-900 border-red-300',
  orange: 'bg-orange-100 text-orange-900 border-orange-300',
} as const;

const HEX = {
  yellow: '#eab308',
  blue: '#3b82f6',
  purple: '#a855f7',
  green: '#22c55e',
  red: '#ef4444',
  orange: '#f97316',
} as const;

export function statusClass(status: OrderStatus): string {
  return CLASSES[ORDER_STATUS_COLORS[status]];
}

export const STATUS_HEX = Object.fromEntries(
  Object.entries(ORDER_STATUS_COLORS).map(([status, color]) => [status, HEX[color]]),
) as Record<OrderStatus, string>;
