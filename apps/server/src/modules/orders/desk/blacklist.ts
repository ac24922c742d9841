// Phones whose orders the desk no longer trusts (desk settings say what their new orders do).
import type { Database } from '../../../db/database.ts';
import { notFound } from '../../../http/errors.ts';
import { ORDER_MESSAGES } from '../order-messages.ts';
import * as desk from './order-desk.repository.ts';

export function listBlacklist(db: Database) {
  return desk.listBlacklist(db);
}

export function blacklistPhone(db: Database, phone: string, reason: string) {
  return desk.blacklistPhone(db, { phone, reason, created_at: new Date().toISOString() });
}

export async function unblacklistPhone(db: Database, phone: string): Promise<void> {
  if (!(await desk.unblacklistPhone(db, phone))) throw notFound(ORDER_MESSAGES.notBlacklisted);
}
