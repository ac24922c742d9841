// Abandoned checkouts become leads for the call desk (docs/leads.md). The storefront saves what a
// customer typed once a name and a valid phone are there; the order placed with the draft's key
// converts it in the order's own transaction (orders/order-writes.ts). A draft is a lead when it
// has not changed for the shop's delay (20 minutes by default), did not become an order, and its
// phone placed no order from 24 hours before it on: the desk calls those, records what the call
// gave, and "Create order" places the order through the same path as a customer's, priced and
// checked by the server. Drafts are deleted 30 days after their last change.
import {
  DEFAULT_LEAD_DELAY_MINUTES,
  draftAttributionSchema,
  DRAFT_RETENTION_DAYS,
  LEAD_RECENT_ORDER_MS,
  leadSettingsSchema,
  type CheckoutDraft,
  type Lead,
  type LeadCall,
  type LeadCustomOrder,
  type LeadFigures,
  type LeadSettings,
} from '@shop/domain/checkout-drafts';
import { ADDRESS_SEPARATOR } from '@shop/domain/order-schemas';
import { wilayaKey } from '@shop/domain/wilaya';
import { CUP_ITEM_NAME } from '@shop/domain/constants';
import { isCupName } from '@shop/domain/custom-item-schemas';
import { can, DESK_CLAIM_MINUTES, type OrderClaim } from '@shop/domain/staff';
import type { CreatedOrder } from '@shop/domain/order-responses';
import type { Selectable } from 'kysely';
import type { CheckoutDraftTable, Database, Executor } from '../../db/database.ts';
import { conflict, notFound } from '../../http/errors.ts';
import * as settingsRepo from '../../db/shop-settings.ts';
import { userNames } from '../../db/user-names.ts';
import {
  deliveryTypeOf,
  placeCustomOrder,
  placeRegularOrder,
  type OrderPlacing,
} from '../orders/orders-public.service.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import type { ImageStorage } from '../media/image-storage.ts';
import type { AdminIdentity } from '../auth/auth.service.ts';
import {
  attributionOfRequest,
  type ClientOfRequest,
  type OrderAttributionInput,
} from '../marketing/ad-events.service.ts';
import * as repo from './checkout-drafts.repository.ts';

type DraftRow = Selectable<CheckoutDraftTable>;

const MINUTE = 60_000;
const DAY = 24 * 3_600_000;
const DELAY_KEY = 'leads.delay_minutes';
/** A lead an agent turned into an order stays in the list, marked recovered, this long. */
const RECOVERED_SHOWN_MS = DAY;

export const LEAD_MESSAGES = {
  notFound: 'There is no such lead (it may have been deleted after 30 days)',
  ordered: (id: number) => `This customer placed order #${id} already`,
  noLines: 'This lead has no cart lines to order: call and take the order',
  notCustom: 'This lead is a cart: its Create order places the cart',
  customNeedsPictures: 'This lead is a custom order: its order is made with the pictures (the custom order form)',
  saved: 'Saved',
  callSaved: 'Call saved',
  recovered: (id: number) => `Order #${id} placed for this lead`,
  heldBy: (name: string) => `Being called by ${name}: the lead is theirs until they record the call or give it back`,
  claimed: 'This lead is yours: call the customer',
  released: 'The lead is back in the list',
  notYours: 'This lead is not yours to give back',
};

// ---------------------------------------------------------------- the storefront's drafts

/**
 * Saves the draft with where its customer came from at that moment: the attribution fields the
 * storefront sent (checked as an order's) and the request's address and user agent.
 */
export async function saveDraft(
  db: Database,
  key: string,
  draft: CheckoutDraft,
  request: { ip: string; headers: Record<string, string | string[] | undefined> },
  now = new Date(),
): Promise<void> {
  await repo.upsertDraft(
    db,
    key,
    {
      checkout: draft.checkout,
      customer_name: draft.customer_name,
      customer_phone: draft.customer_phone,
      wilaya: draft.wilaya,
      commune: draft.commune,
      address: draft.address,
      postal_code: draft.postal_code,
      delivery_type: draft.delivery_type,
      lines: JSON.stringify(draft.lines),
      page_url: draft.page_url,
      attribution: JSON.stringify(attributionOfRequest(draft, request)),
      custom_item: draft.custom?.clothing_type ?? '',
      custom_color: draft.custom?.color ?? '',
      custom_size: draft.custom?.size ?? '',
    },
    now.toISOString(),
  );
}

// ---------------------------------------------------------------- settings

export async function leadSettings(db: Executor): Promise<LeadSettings> {
  const [row] = await settingsRepo.findSettings(db, [DELAY_KEY]);
  const parsed = leadSettingsSchema.safeParse({ delay_minutes: row?.value ?? DEFAULT_LEAD_DELAY_MINUTES });
  return parsed.success ? parsed.data : { delay_minutes: DEFAULT_LEAD_DELAY_MINUTES };
}

export async function saveLeadSettings(db: Database, input: LeadSettings, now = new Date()): Promise<LeadSettings> {
  await settingsRepo.saveSettings(db, { [DELAY_KEY]: String(input.delay_minutes) }, now.toISOString());
  return leadSettings(db);
}

// ---------------------------------------------------------------- which drafts are leads

interface LeadRules {
  now: Date;
  delayMinutes: number;
  /** Drafts created since then only. */
  since: Date;
}

/**
 * The drafts that are leads by the rules, newest first: unchanged for the delay, not placed by the
 * customer, and whose phone placed no other order from 24 hours before the draft's last change.
 */
async function leadRows(db: Executor, { now, delayMinutes, since }: LeadRules): Promise<DraftRow[]> {
  const drafts = await repo.candidateDrafts(db, {
    changedBefore: new Date(now.getTime() - delayMinutes * MINUTE).toISOString(),
    since: since.toISOString(),
  });
  if (drafts.length === 0) return [];
  const earliest = drafts.reduce((min, d) => (d.updated_at < min ? d.updated_at : min), drafts[0]?.updated_at ?? '');
  const orders = await repo.ordersOfPhones(
    db,
    drafts.map((d) => d.customer_phone),
    new Date(Date.parse(earliest) - LEAD_RECENT_ORDER_MS).toISOString(),
  );
  return drafts.filter((draft) => {
    const from = new Date(Date.parse(draft.updated_at) - LEAD_RECENT_ORDER_MS).toISOString();
    return !orders.some(
      (o) => o.customer_phone === draft.customer_phone && o.id !== draft.order_id && o.created_at >= from,
    );
  });
}

/**
 * The attribution of the order made from a draft: what the draft kept, checked again by the
 * order's schema, and the event id of the lead's order key (no browser event went with it).
 */
function leadAttribution(row: DraftRow): OrderAttributionInput {
  const event_id = leadOrderKey(row.draft_key);
  let kept: { attribution?: unknown; client?: Partial<ClientOfRequest> } = {};
  try {
    kept = row.attribution ? (JSON.parse(row.attribution) as typeof kept) : {};
  } catch {
    // Unreadable: the order goes with its event id alone, as a draft saved before migration 029.
  }
  const parsed = draftAttributionSchema.safeParse(kept.attribution ?? {});
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    attribution: { ...(parsed.success ? parsed.data : {}), event_id },
    client: { ip: text(kept.client?.ip), userAgent: text(kept.client?.userAgent) },
  };
}

/** The idempotency key of the order made from a lead, also its purchase's event id. */
function leadOrderKey(draftKey: string): string {
  return `lead-${draftKey}`;
}

/** A draft's cart line as kept: its variant's colour and size ('' none: drafts kept before colours have none). */
interface DraftLine {
  product_id: number;
  size: string;
  color: string;
  quantity: number;
}

function parseLines(text: string): DraftLine[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return (value as (Omit<DraftLine, 'color'> & { color?: unknown })[]).map((l) => ({
      product_id: l.product_id,
      size: l.size,
      color: typeof l.color === 'string' ? l.color : '',
      quantity: l.quantity,
    }));
  } catch {
    return [];
  }
}

/**
 * What a custom page's customer chose, the item named: an id names a custom item (gone: no name),
 * "cup" the cup (the form sends the word, SPEC §3).
 */
function customChoice(row: DraftRow, items: readonly { id: number; name: string }[]): Lead['custom'] {
  const id = /^\d+$/.test(row.custom_item) ? Number(row.custom_item) : null;
  const item = id === null ? undefined : items.find((i) => i.id === id);
  const cup = isCupName(row.custom_item);
  return {
    clothing_type: row.custom_item,
    item_id: item?.id ?? null,
    item_name: item?.name ?? (cup ? CUP_ITEM_NAME : null),
    color: row.custom_color,
    size: cup || (item && isCupName(item.name)) ? '' : row.custom_size,
  };
}

/** Who holds a lead now: nobody once the hold has run out, or once it has its order. */
function claimOf(row: DraftRow, holders: ReadonlyMap<number, string>, now: string): OrderClaim | null {
  if (row.claimed_by === null || row.order_id !== null) return null;
  if (row.claim_expires_at === null || row.claim_expires_at <= now) return null;
  return { user_id: row.claimed_by, username: holders.get(row.claimed_by) ?? '', expires_at: row.claim_expires_at };
}

async function toLeads(db: Executor, rows: readonly DraftRow[], now = new Date()): Promise<Lead[]> {
  const at = now.toISOString();
  const holders = await userNames(
    db,
    rows.flatMap((row) => (row.claimed_by === null ? [] : [row.claimed_by])),
  );
  const lines = new Map(rows.map((row) => [row.id, parseLines(row.lines)]));
  const names = new Map(
    (
      await repo.productNames(
        db,
        [...lines.values()].flat().map((l) => l.product_id),
      )
    ).map((p) => [p.id, p.name]),
  );
  const customItems = await repo.customItemNames(
    db,
    rows.flatMap((row) =>
      row.checkout === 'custom' && /^\d+$/.test(row.custom_item) ? [Number(row.custom_item)] : [],
    ),
  );
  return rows.map((row) => ({
    id: row.id,
    checkout: row.checkout === 'custom' ? 'custom' : 'cart',
    customer_name: row.customer_name,
    customer_phone: row.customer_phone,
    wilaya: row.wilaya,
    commune: row.commune,
    address: row.address,
    delivery_type: row.delivery_type,
    lines: (lines.get(row.id) ?? []).map(({ color, ...l }) => ({
      ...l,
      ...(color ? { color } : {}),
      product_name: names.get(l.product_id) ?? null,
    })),
    page_url: row.page_url,
    custom: row.checkout === 'custom' ? customChoice(row, customItems) : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
    call_state: (['no_answer', 'call_back', 'not_interested'] as const).find((s) => s === row.call_state) ?? 'new',
    call_attempts: Number(row.call_attempts),
    call_back_at: row.call_back_at,
    last_call_at: row.last_call_at,
    last_call_by: row.last_call_by,
    order_id: row.order_id,
    converted_by: row.converted_by === 'desk' ? 'desk' : row.converted_by === 'customer' ? 'customer' : null,
    claim: claimOf(row, holders, at),
  }));
}

/** Where a lead comes in the desk's list: call-backs due, new, no answer, call-backs later, recovered. */
function rank(row: DraftRow, now: string): number {
  if (row.order_id !== null) return 4;
  if (row.call_state === 'call_back') return row.call_back_at !== null && row.call_back_at <= now ? 0 : 3;
  return row.call_state === 'no_answer' ? 2 : 1;
}

/**
 * The desk's "Abandoned" list: the leads to call, and those an agent turned into an order in the
 * last day (shown as recovered). A customer who was not interested leaves the list.
 */
export async function listLeads(db: Executor, now = new Date()): Promise<Lead[]> {
  const { delay_minutes } = await leadSettings(db);
  const at = now.toISOString();
  const recoveredSince = new Date(now.getTime() - RECOVERED_SHOWN_MS).toISOString();
  const rows = (
    await leadRows(db, {
      now,
      delayMinutes: delay_minutes,
      since: new Date(now.getTime() - DRAFT_RETENTION_DAYS * DAY),
    })
  ).filter((row) =>
    row.order_id === null ? row.call_state !== 'not_interested' : (row.converted_at ?? '') >= recoveredSince,
  );
  rows.sort((a, b) => {
    const byRank = rank(a, at) - rank(b, at);
    if (byRank !== 0) return byRank;
    if (a.call_state === 'no_answer' && b.call_state === 'no_answer') {
      return a.call_attempts - b.call_attempts || (a.last_call_at ?? '').localeCompare(b.last_call_at ?? '');
    }
    if (a.call_state === 'call_back' && b.call_state === 'call_back') {
      return (a.call_back_at ?? '').localeCompare(b.call_back_at ?? '');
    }
    return b.updated_at.localeCompare(a.updated_at);
  });
  return toLeads(db, rows, now);
}

async function openLead(db: Executor, id: number): Promise<DraftRow> {
  const row = await repo.findDraft(db, id);
  if (!row) throw notFound(LEAD_MESSAGES.notFound);
  if (row.order_id !== null) throw conflict(LEAD_MESSAGES.ordered(row.order_id));
  return row;
}

// ---------------------------------------------------------------- the hold (as an order's)

function holdEnd(now: Date): string {
  return new Date(now.getTime() + DESK_CLAIM_MINUTES * 60_000).toISOString();
}

/** The hold `user` works under: their own, or anyone's for the owner and managers (they step in). */
function holderOf(user: AdminIdentity, now: Date): repo.LeadHolder {
  return { userId: user.userId, override: can(user.role, 'assign'), now: now.toISOString() };
}

/** Why `user` could not work on a lead: gone, ordered, or held by another (409 naming them). */
async function refusal(db: Executor, id: number, now: Date) {
  const row = await openLead(db, id);
  const [lead] = await toLeads(db, [row], now);
  return conflict(LEAD_MESSAGES.heldBy(lead?.claim?.username ?? ''));
}

/**
 * An agent opens a lead (taps Call, Create order or Call back): they hold it for
 * DESK_CLAIM_MINUTES, moved on by each such tap; 409 while another user holds it.
 */
export async function claimLead(db: Database, id: number, user: AdminIdentity, now = new Date()): Promise<Lead> {
  if (!(await repo.claimLead(db, id, holderOf(user, now), holdEnd(now)))) throw await refusal(db, id, now);
  return oneLead(db, id, now);
}

/** Gives a lead back: its holder may, and the owner and managers for anyone's. */
export async function releaseLead(db: Database, id: number, user: AdminIdentity, now = new Date()): Promise<Lead> {
  const anyone = can(user.role, 'assign');
  if (!(await repo.releaseLead(db, id, anyone ? undefined : user.userId))) {
    const row = await repo.findDraft(db, id);
    if (!row) throw notFound(LEAD_MESSAGES.notFound);
    const held = row.claimed_by !== null && row.claim_expires_at !== null && row.claim_expires_at > now.toISOString();
    if (held) throw conflict(LEAD_MESSAGES.notYours);
  }
  return oneLead(db, id, now);
}

/** A user who leaves the desk (disabled, or a role that does not call) holds no lead any more. */
export async function releaseLeadsOf(db: Executor, userId: number): Promise<void> {
  await repo.releaseLeadsOf(db, userId);
}

/** Refused (409) while another user holds the lead, unless `user` may step in (owner, manager). */
async function assertFree(db: Executor, row: DraftRow, user: AdminIdentity, now: Date): Promise<void> {
  if (row.claimed_by === null || row.claimed_by === user.userId || can(user.role, 'assign')) return;
  if (row.claim_expires_at === null || row.claim_expires_at <= now.toISOString()) return;
  const holders = await userNames(db, [row.claimed_by]);
  throw conflict(LEAD_MESSAGES.heldBy(holders.get(row.claimed_by) ?? ''));
}

// ---------------------------------------------------------------- calls and "Create order"

/**
 * The lead "Create order" places: 404 when there is none, 409 when its customer ordered it
 * herself, or while another user holds it. One the desk already ordered passes, so that a second
 * tap answers the same order.
 */
async function leadToOrder(db: Executor, id: number, user: AdminIdentity, now: Date): Promise<DraftRow> {
  const row = await repo.findDraft(db, id);
  if (!row) throw notFound(LEAD_MESSAGES.notFound);
  if (row.order_id !== null && row.converted_by !== 'desk') throw conflict(LEAD_MESSAGES.ordered(row.order_id));
  if (row.order_id === null) await assertFree(db, row, user, now);
  return row;
}

/** Records the call's outcome, which ends the hold; 409 while another user holds the lead. */
export async function callLead(db: Database, id: number, call: LeadCall, user: AdminIdentity, now = new Date()) {
  await openLead(db, id);
  const saved = await repo.recordLeadCall(
    db,
    id,
    {
      call_state: call.outcome,
      call_back_at: call.outcome === 'call_back' ? new Date(call.call_back_at).toISOString() : null,
      addAttempt: call.outcome === 'no_answer',
      at: now.toISOString(),
      by: user.username,
    },
    holderOf(user, now),
  );
  // The customer's order went in between the read and the write, or another agent holds it.
  if (!saved) throw await refusal(db, id, now);
  return oneLead(db, id, now);
}

async function oneLead(db: Executor, id: number, now = new Date()): Promise<Lead> {
  const row = await repo.findDraft(db, id);
  if (!row) throw notFound(LEAD_MESSAGES.notFound);
  const [lead] = await toLeads(db, [row], now);
  if (!lead) throw notFound(LEAD_MESSAGES.notFound);
  return lead;
}

/** Where the parcel goes, as the agent heard it on the phone: each field optional. */
interface LeadPlace {
  address?: string | undefined;
  wilaya?: string | undefined;
  commune?: string | undefined;
  delivery_type?: 'home' | 'stop_desk' | undefined;
}

/**
 * The order's customer address, postal code and delivery from the draft and what the agent sent:
 * the agent's wins. The draft's commune and postal code stay only with the draft's wilaya (they are
 * another wilaya's otherwise), and its delivery type only with a commune (a draft left before the
 * commune was chosen has none). Checked and priced by the order's own path, as a customer's.
 */
function leadDelivery(row: DraftRow, input: LeadPlace) {
  const wilaya = input.wilaya?.trim() || row.wilaya;
  const sameWilaya = wilayaKey(wilaya) === wilayaKey(row.wilaya);
  const commune = input.commune?.trim() || (sameWilaya ? row.commune : '');
  const street = input.address?.trim() || (sameWilaya ? row.address : '') || commune || wilaya;
  const deliveryType = input.delivery_type ?? (commune ? deliveryTypeOf(row.delivery_type) : undefined);
  return {
    customer_address: `${wilaya}${ADDRESS_SEPARATOR}${street}`,
    customer_postal_code: sameWilaya ? row.postal_code : '',
    wilaya,
    // Sent without a commune, the delivery type is refused by the order's rule (a commune is needed).
    ...(deliveryType ? { delivery_type: deliveryType } : {}),
    ...(commune ? { commune } : {}),
  };
}

/**
 * "Create order": the lead's cart placed as a customer's order is (prices, stock, coupon-free,
 * blacklist and duplicate flags decided by the server, the wilaya, commune and delivery the agent
 * heard else the draft's, checked and priced as any order's), with the draft's key so the draft is
 * marked recovered in the order's transaction, and the attribution the draft kept so the order
 * counts for the ad that brought the customer. Refused (409) while another agent holds the lead;
 * the order ends the hold. A second tap, by anyone, answers the same order:
 * the order's idempotency key is the draft's.
 */
export async function createOrderFromLead(
  placing: OrderPlacing,
  id: number,
  place: LeadPlace,
  user: AdminIdentity,
  limits: {
    check: (items: readonly { product_id: number; size: string; color?: string; quantity: number }[]) => void;
  },
  now = new Date(),
): Promise<{ order: CreatedOrder; lead: Lead }> {
  const row = await leadToOrder(placing.db, id, user, now);
  const items = parseLines(row.lines);
  if (row.checkout === 'custom') throw conflict(LEAD_MESSAGES.customNeedsPictures);
  if (items.length === 0) throw conflict(LEAD_MESSAGES.noLines);
  limits.check(items);
  const order = await placeRegularOrder(
    placing,
    {
      customer_name: row.customer_name,
      customer_phone: row.customer_phone,
      ...leadDelivery(row, place),
      subtotal: 0,
      shipping_fee: 0,
      coupon_code: '',
      items,
      checkout_draft_key: row.draft_key,
    },
    { key: leadOrderKey(row.draft_key), fingerprint: 'lead' },
    leadAttribution(row),
    { draftBy: 'desk', serverFigures: true },
  );
  return { order, lead: await oneLead(placing.db, id) };
}

/**
 * "Create order" of a custom order page's lead: the agent called, the customer sent the pictures
 * (WhatsApp, Messenger) and said the item, colour and size; the order is placed by the customer's
 * own path, placeCustomOrder (the item's price and options, the pictures decoded and stored, the
 * blacklist and duplicate flags), with the draft's name and phone, where the parcel goes (the
 * agent's wilaya, commune and delivery type, else the draft's), its attribution, and
 * its key so the draft is marked recovered by the desk in the order's transaction. Refused (409)
 * while another agent holds the lead; the order ends the hold. A second tap answers the same order.
 */
export async function createCustomOrderFromLead(
  placing: OrderPlacing,
  storage: ImageStorage,
  id: number,
  input: LeadCustomOrder,
  files: readonly UploadedFile[],
  user: AdminIdentity,
  now = new Date(),
): Promise<{ order: CreatedOrder; lead: Lead }> {
  const row = await leadToOrder(placing.db, id, user, now);
  if (row.checkout !== 'custom') throw conflict(LEAD_MESSAGES.notCustom);
  const order = await placeCustomOrder(
    placing,
    storage,
    {
      customer_name: row.customer_name,
      customer_phone: row.customer_phone,
      ...leadDelivery(row, input),
      subtotal: 0,
      shipping_fee: 0,
      clothing_type: input.clothing_type,
      color: input.color,
      size: input.size,
      coupon_code: '',
      checkout_draft_key: row.draft_key,
    },
    files,
    { key: leadOrderKey(row.draft_key), fingerprint: 'lead' },
    leadAttribution(row),
    { draftBy: 'desk', serverFigures: true },
  );
  return { order, lead: await oneLead(placing.db, id) };
}

// ---------------------------------------------------------------- figures and cleanup

/** The dashboard's figures: leads of the last `days` days, those an agent turned into orders. */
export async function leadFigures(db: Executor, now = new Date(), days = 30): Promise<LeadFigures> {
  const { delay_minutes } = await leadSettings(db);
  const rows = await leadRows(db, { now, delayMinutes: delay_minutes, since: new Date(now.getTime() - days * DAY) });
  const recovered = rows.filter((r) => r.converted_by === 'desk').length;
  return { days, leads: rows.length, recovered, recovery_rate: rows.length === 0 ? null : recovered / rows.length };
}

/** Deletes the drafts unchanged for 30 days; answers how many. */
export function deleteOldDrafts(db: Executor, now = new Date()): Promise<number> {
  return repo.deleteDraftsBefore(db, new Date(now.getTime() - DRAFT_RETENTION_DAYS * DAY).toISOString());
}
