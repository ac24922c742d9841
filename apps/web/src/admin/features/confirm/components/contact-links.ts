import { formatDa } from '@shop/domain/money';
import { texts } from '../../../texts.ts';

/** "0551 23 45 67" → "tel:0551234567". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * A WhatsApp chat with the customer (https://wa.me/213XXXXXXXXX: Algeria's code, the leading 0
 * dropped) with the confirmation message already typed.
 */
export function whatsAppHref(phone: string, message: string): string {
  const digits = phone.replace(/\D/g, '');
  const international = digits.startsWith('213') ? digits : `213${digits.replace(/^0/, '')}`;
  return `https://wa.me/${international}?text=${encodeURIComponent(message)}`;
}

/** The French message of the confirmation call, with the order's number and total. */
export function confirmationMessage(order: { id: number; customer_name: string; final_total: number }, shop: string) {
  return texts.confirm.message(order.customer_name, shop, order.id, formatDa(order.final_total));
}
