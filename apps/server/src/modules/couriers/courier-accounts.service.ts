// The courier accounts the shop holds and the adapter each one speaks through. Accounts live in the
// database (every server process reads the same ones); each process builds an account's adapter
// when first used and again when the account changed (its updated_at), so its quota counts stay.
// The account of the environment variables (YALIDINE_API_ID…) is a row too, marked `env`: its
// credentials stay in the environment, and the admin shows it without letting it be edited.
import { communeKey } from '@shop/domain/geo/communes';
import {
  COURIER_API_URLS,
  COURIER_CREDENTIALS,
  routeOrder,
  type CourierAccount,
  type CourierAccountWrite,
  type CourierRoute,
  type CourierRoutes,
} from '@shop/domain/courier-accounts';
import { courierLabel } from '@shop/domain/courier';
import type { CourierName } from '@shop/domain/courier-statuses';
import { wilayaKey } from '@shop/domain/wilaya';
import type { Config } from '../../config.ts';
import type { Database, Executor, OrderRow } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { Division } from '../shipping/geography.ts';
import { courierWilaya, type Courier, type CourierOf, type PlaceLookup } from './courier.ts';
import { Pacer } from './courier-http.ts';
import { createEcotrack } from './ecotrack.ts';
import { createNoest } from './noest.ts';
import { createYalidine } from './yalidine.ts';
import { createZrExpress } from './zr-express.ts';
import {
  accountHasParcels,
  adoptEarlierYalidineParcels,
  countPlaces,
  findAccount,
  findAccountIds,
  findAccountNamed,
  findAccounts,
  findActiveAccountIds,
  findActiveAccounts,
  findActiveEnvAccount,
  findEnvAccount,
  findPlace,
  findRoutes,
  insertAccount,
  insertAccountUnlessNamed,
  replacePlaces,
  replaceRoutes,
  updateAccountRow,
} from './courier-accounts.repository.ts';

// What the module's routes read of the accounts as they are stored.
export { findAccount, findAccountActive, findAccountNames } from './courier-accounts.repository.ts';

type AccountRow = Awaited<ReturnType<typeof findAccounts>>[number];

/** The courier account of the environment's Yalidine keys, its name in the admin. */
export const ENV_ACCOUNT_NAME = 'Yalidine (environment)';

/**
 * Keeps the environment's account in step with the configuration: made (or turned back on) when
 * YALIDINE_API_ID and YALIDINE_API_TOKEN are set, turned off when they are gone. Its parcels keep it.
 */
export async function ensureEnvAccount(db: Database, config: Config): Promise<number | null> {
  const env = config.courier.yalidine;
  const now = new Date().toISOString();
  const row = await findEnvAccount(db);
  if (!env) {
    if (row?.active === 1) await updateAccountRow(db, row.id, { active: 0, updated_at: now });
    return null;
  }
  const values = { division: config.courier.yalidineDivision, from_wilaya: env.fromWilaya, active: 1 };
  if (row) {
    if (row.active !== 1 || row.division !== values.division || row.from_wilaya !== values.from_wilaya) {
      await updateAccountRow(db, row.id, { ...values, updated_at: now });
    }
    return row.id;
  }
  // Two processes starting together: the second finds the first's row (the name is unique).
  await insertAccountUnlessNamed(db, {
    kind: 'yalidine',
    name: ENV_ACCOUNT_NAME,
    source: 'env',
    host: env.apiUrl,
    created_at: now,
    updated_at: now,
    ...values,
  });
  const made = await findEnvAccount(db);
  // Orders sent to Yalidine before accounts existed become the environment account's.
  if (made) await adoptEarlierYalidineParcels(db, made.id);
  return made?.id ?? null;
}

/** The account's credentials (server side only). */
function credentialsOf(row: AccountRow): Record<string, string> {
  try {
    const parsed = JSON.parse(row.credentials) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The courier's spelling of our places, as matched for this account (courier_places). */
export function placeLookup(db: Database, accountId: number): PlaceLookup {
  return async (kind, wilayaCode, ours) => {
    const key = kind === 'desk' ? ours : ours === '*' ? '*' : communeKey(ours);
    const row = await findPlace(db, accountId, kind, wilayaCode, key);
    return row ? { name: row.courier_name, code: row.courier_code } : null;
  };
}

/** What decides an order's courier account. */
export type OrderRouting = Pick<
  OrderRow,
  | 'courier'
  | 'courier_account_id'
  | 'courier_account_chosen'
  | 'wilaya_name'
  | 'delivery_type'
  | 'tracking_number'
  | 'courier_sent_at'
>;

export interface CourierRegistry {
  /** The adapter of an account, null when the account is missing, off or incomplete. */
  forAccount(id: number): Promise<Courier | null>;
  /** The courier an order's parcel is with (its account), or would go to. */
  forOrder(row: OrderRouting): Promise<{ accountId: number; courier: Courier } | null>;
  /** The account an order goes to now: the one sending or holding its parcel, the owner's choice, else the routing table. */
  accountFor(row: OrderRouting): Promise<number | null>;
  /** accountFor for many orders, the routing table read once. */
  router(): Promise<(row: OrderRouting) => Promise<number | null>>;
  /** The environment's account id, if it is configured. */
  envAccountId(): Promise<number | null>;
  /** The adapter of the account holding an order's parcel (to cancel it there). */
  parcelCourier: CourierOf;
  /** Every active account with an adapter (the scheduled sync). */
  active(): Promise<{ id: number; name: string; courier: Courier }[]>;
}

export function createRegistry(db: Database, config: Config, envCourier: Courier | null): CourierRegistry {
  const built = new Map<number, { version: string; courier: Courier | null }>();

  function build(row: AccountRow): Courier | null {
    if (row.active !== 1) return null;
    const timeoutMs = config.courier.timeoutMs;
    if (row.source === 'env') return envCourier;
    const c = credentialsOf(row);
    const kind = row.kind as CourierName;
    const missing = COURIER_CREDENTIALS[kind]?.some((f) => !c[f.key]) ?? true;
    if (missing) return null;
    const places = placeLookup(db, row.id);
    const pace = config.courier.callsPerMinute;
    const pacer = pace === undefined ? {} : { pacer: new Pacer(pace, 60_000) };
    const apiUrl = row.host || COURIER_API_URLS[kind] || '';
    switch (kind) {
      case 'yalidine':
        return createYalidine({
          apiUrl,
          apiId: c.api_id ?? '',
          apiToken: c.api_token ?? '',
          fromWilaya: row.from_wilaya || 'Alger',
          timeoutMs,
          division: row.division,
        });
      case 'ecotrack':
        return createEcotrack({
          host: row.host,
          token: c.token ?? '',
          division: row.division,
          timeoutMs,
          handOverOnCreate: row.hand_over === 'on_send',
          places,
          ...pacer,
        });
      case 'zr_express':
        return createZrExpress({
          apiUrl,
          apiKey: c.api_key ?? '',
          tenantId: c.tenant_id ?? '',
          division: row.division,
          timeoutMs,
          places,
          ...pacer,
        });
      case 'noest':
        return createNoest({
          apiUrl,
          apiToken: c.api_token ?? '',
          userGuid: c.user_guid ?? '',
          division: row.division,
          timeoutMs,
          places,
          ...pacer,
        });
      default:
        return null;
    }
  }

  async function forAccount(id: number): Promise<Courier | null> {
    const row = await findAccount(db, id);
    if (!row) return null;
    const version = `${row.updated_at}|${row.active}`;
    const seen = built.get(id);
    if (seen && seen.version === version) return seen.courier;
    const courier = build(row);
    built.set(id, { version, courier });
    return courier;
  }

  /** The environment's account made or updated once per process (again after a failure). */
  let ensured: Promise<number | null> | null = null;
  function ensureEnv(): Promise<number | null> {
    ensured ??= ensureEnvAccount(db, config).catch((error: unknown) => {
      ensured = null;
      throw error;
    });
    return ensured;
  }

  async function envAccountId() {
    await ensureEnv();
    const row = await findActiveEnvAccount(db);
    return row?.id ?? null;
  }

  /** The routing table and the active accounts, read once for many orders. */
  async function router(): Promise<(row: OrderRouting) => Promise<number | null>> {
    const [routes, accounts] = await Promise.all([listRoutes(db), findActiveAccountIds(db)]);
    const active = accounts.map((a) => a.id);
    return async (row) => {
      const sending = row.tracking_number !== null || row.courier_sent_at !== null;
      if (row.courier_account_id !== null && (row.courier_account_chosen === 1 || sending))
        return row.courier_account_id;
      // Sent before accounts existed: the environment's Yalidine has it.
      if (sending || row.courier !== null) return row.courier === 'yalidine' ? envAccountId() : null;
      return routeOrder({ ...row, courier_account_id: null }, routes.routes, active);
    };
  }

  async function accountFor(row: OrderRouting) {
    return (await router())(row);
  }

  return {
    forAccount,
    envAccountId,
    accountFor,
    router,
    async parcelCourier(row) {
      const accountId = await accountFor(row);
      return accountId === null ? null : forAccount(accountId);
    },
    async forOrder(row) {
      const accountId = await accountFor(row);
      if (accountId === null) return null;
      const courier = await forAccount(accountId);
      return courier ? { accountId, courier } : null;
    },
    async active() {
      const rows = await findActiveAccounts(db);
      const out: { id: number; name: string; courier: Courier }[] = [];
      for (const row of rows) {
        const courier = await forAccount(row.id);
        if (courier) out.push({ id: row.id, name: row.name, courier });
      }
      return out;
    },
  };
}

// ---------------------------------------------------------------- accounts, as the admin sees them

/** Where an account's courier calls the shop, when it has webhooks. */
function webhookPath(row: AccountRow): string | null {
  if (row.kind === 'noest') return null;
  return row.source === 'env' ? '/api/courier/webhook/yalidine' : `/api/courier/webhook/account/${row.id}`;
}

export async function listAccounts(db: Database, config: Config): Promise<CourierAccount[]> {
  const [rows, places] = await Promise.all([findAccounts(db), countPlaces(db)]);
  const count = (id: number, kind: string) =>
    Number(places.find((p) => p.account_id === id && p.kind === kind)?.n ?? 0);
  return rows.map((row) => {
    const env = row.source === 'env';
    const creds = credentialsOf(row);
    const set = env
      ? config.courier.yalidine
        ? ['api_id', 'api_token']
        : []
      : (COURIER_CREDENTIALS[row.kind as CourierName] ?? []).filter((f) => Boolean(creds[f.key])).map((f) => f.key);
    const matched = count(row.id, 'commune');
    return {
      id: row.id,
      kind: row.kind as CourierName,
      name: row.name,
      division: row.division,
      host: row.host,
      from_wilaya: row.from_wilaya,
      hand_over: row.hand_over === 'on_send' ? 'on_send' : 'manual',
      active: row.active === 1,
      source: env ? 'env' : 'admin',
      credentials_set: set,
      webhook_secret_set: env ? Boolean(config.courier.webhookSecret) : Boolean(row.webhook_secret),
      webhook_path: webhookPath(row),
      places_synced_at: row.places_synced_at,
      communes_matched: matched,
      desks: count(row.id, 'desk'),
      updated_at: row.updated_at,
    };
  });
}

/** One account as the admin reads it; 404 when there is none. */
export async function accountView(db: Database, config: Config, id: number): Promise<CourierAccount> {
  const found = (await listAccounts(db, config)).find((a) => a.id === id);
  if (!found) throw notFound(`Courier account #${id} not found`);
  return found;
}

async function accountRow(db: Executor, id: number): Promise<AccountRow> {
  const row = await findAccount(db, id);
  if (!row) throw notFound(`Courier account #${id} not found`);
  return row;
}

export async function createAccount(db: Database, write: CourierAccountWrite): Promise<number> {
  const missing = COURIER_CREDENTIALS[write.kind].filter((f) => !write.credentials[f.key]?.trim());
  if (missing.length > 0)
    throw badRequest(`${courierLabel(write.kind)} needs ${missing.map((f) => f.label).join(' and ')}`);
  const now = new Date().toISOString();
  const taken = await findAccountNamed(db, write.name);
  if (taken) throw conflict(`An account named "${write.name}" exists already`);
  const made = await insertAccount(db, {
    kind: write.kind,
    name: write.name,
    division: write.division,
    host: write.host.replace(/\/+$/, ''),
    from_wilaya: write.from_wilaya,
    hand_over: write.hand_over,
    active: write.active ? 1 : 0,
    source: 'admin',
    credentials: JSON.stringify(Object.fromEntries(Object.entries(write.credentials).map(([k, v]) => [k, v.trim()]))),
    webhook_secret: write.webhook_secret || null,
    created_at: now,
    updated_at: now,
  });
  return made.id;
}

/**
 * Changes an account as the form saw it (409 when it changed since); credentials sent empty keep
 * theirs. The environment's account is read-only. Its courier cannot change once it has parcels.
 */
export async function updateAccount(db: Database, id: number, write: CourierAccountWrite): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await accountRow(trx, id);
    if (row.source === 'env')
      throw conflict('This account is configured by environment variables: change them, or add an account here');
    if (write.version !== undefined && write.version !== row.updated_at) {
      throw conflict('This account was changed meanwhile: open it again to see the current values');
    }
    if (write.kind !== row.kind && (await accountHasParcels(trx, id)))
      throw conflict('This account has parcels: its courier cannot change (add another account)');
    const taken = await findAccountNamed(trx, write.name, id);
    if (taken) throw conflict(`An account named "${write.name}" exists already`);
    const kept = write.kind === row.kind ? credentialsOf(row) : {};
    const credentials = { ...kept };
    for (const [key, value] of Object.entries(write.credentials))
      if (value.trim() !== '') credentials[key] = value.trim();
    const missing = COURIER_CREDENTIALS[write.kind].filter((f) => !credentials[f.key]);
    if (missing.length > 0)
      throw badRequest(`${courierLabel(write.kind)} needs ${missing.map((f) => f.label).join(' and ')}`);
    await updateAccountRow(trx, id, {
      kind: write.kind,
      name: write.name,
      division: write.division,
      host: write.host.replace(/\/+$/, ''),
      from_wilaya: write.from_wilaya,
      hand_over: write.hand_over,
      active: write.active ? 1 : 0,
      credentials: JSON.stringify(credentials),
      ...(write.webhook_secret === undefined || write.webhook_secret === ''
        ? {}
        : { webhook_secret: write.webhook_secret }),
      updated_at: new Date().toISOString(),
    });
  });
}

// ---------------------------------------------------------------- routing

/** The routing table, and its version (what a form sends back to change it). */
export async function listRoutes(db: Executor): Promise<CourierRoutes> {
  const rows = await findRoutes(db);
  const routes: CourierRoute[] = rows.map((r) => ({
    wilaya: r.wilaya_key === '*' ? null : (r.wilaya_name ?? r.wilaya_key),
    delivery_type: r.delivery_type as CourierRoute['delivery_type'],
    account_id: r.account_id,
  }));
  const version = rows.map((r) => `${r.wilaya_key}:${r.delivery_type}:${r.account_id}`).join(',');
  return { routes, version };
}

/** Replaces the routing table, if it is still the one the form read. */
export async function saveRoutes(
  db: Database,
  routes: readonly CourierRoute[],
  version: string,
): Promise<CourierRoutes> {
  return db.transaction().execute(async (trx) => {
    const current = await listRoutes(trx);
    if (current.version !== version)
      throw conflict('The routing table was changed meanwhile: here it is as it is now', current);
    const ids = new Set((await findAccountIds(trx)).map((a) => a.id));
    const seen = new Set<string>();
    for (const r of routes) {
      if (!ids.has(r.account_id)) throw badRequest(`Courier account #${r.account_id} does not exist`);
      const key = `${r.wilaya === null ? '*' : wilayaKey(r.wilaya)}:${r.delivery_type}`;
      if (seen.has(key)) throw badRequest(`${r.wilaya ?? 'Every other wilaya'} (${r.delivery_type}) is routed twice`);
      seen.add(key);
    }
    await replaceRoutes(
      trx,
      routes.map((r) => ({
        wilaya_key: r.wilaya === null ? '*' : wilayaKey(r.wilaya),
        wilaya_name: r.wilaya,
        delivery_type: r.delivery_type,
        account_id: r.account_id,
      })),
    );
    return listRoutes(trx);
  });
}

// ---------------------------------------------------------------- places, matched once

/**
 * Asks the account's courier for its communes and stop desks and keeps, for each of our communes
 * (the wilayas in force), the courier's own spelling and code, found by name (case, accents and
 * dashes aside) in the wilaya the courier knows it under. Done again, it replaces what it kept.
 */
export async function syncPlaces(
  db: Database,
  registry: CourierRegistry,
  accountId: number,
  division: Division,
): Promise<{ communes_matched: number; communes_unmatched: number; unmatched_examples: string[]; desks: number }> {
  const courier = await registry.forAccount(accountId);
  if (!courier) throw conflict('This account is off or its credentials are incomplete');
  if (!courier.places)
    throw conflict(`${courierLabel(courier.name)} names communes as the shop does: nothing to match`);
  const places = await courier.places();
  const byWilaya = new Map<number, Map<string, { name: string; code: string | null }>>();
  for (const c of places.communes) {
    const map = byWilaya.get(c.wilayaCode) ?? new Map<string, { name: string; code: string | null }>();
    map.set(c.name === '*' ? '*' : communeKey(c.name), { name: c.name, code: c.code });
    byWilaya.set(c.wilayaCode, map);
  }
  const rows: {
    wilaya_code: number;
    place_key: string;
    courier_name: string;
    courier_code: string | null;
    kind: string;
    address: string;
  }[] = [];
  const unmatched: string[] = [];
  const done = new Set<string>();
  for (const wilaya of division.communes.wilayas) {
    const spoken = courierWilaya(wilaya.name, courier.division).code;
    if (spoken === null) continue;
    const theirs = byWilaya.get(spoken);
    const own = theirs?.get('*');
    if (own && !done.has(`${spoken}:*`)) {
      done.add(`${spoken}:*`);
      rows.push({
        kind: 'commune',
        wilaya_code: spoken,
        place_key: '*',
        courier_name: own.name,
        courier_code: own.code,
        address: '',
      });
    }
    for (const commune of wilaya.communes) {
      const key = communeKey(commune.name);
      const found = theirs?.get(key);
      if (!found) {
        unmatched.push(`${commune.name} (${wilaya.name})`);
        continue;
      }
      if (done.has(`${spoken}:${key}`)) continue;
      done.add(`${spoken}:${key}`);
      rows.push({
        kind: 'commune',
        wilaya_code: spoken,
        place_key: key,
        courier_name: found.name,
        courier_code: found.code,
        address: '',
      });
    }
  }
  for (const desk of places.desks) {
    rows.push({
      kind: 'desk',
      wilaya_code: desk.wilayaCode,
      place_key: desk.id,
      courier_name: desk.name,
      courier_code: desk.id,
      address: desk.address,
    });
  }
  const matched = rows.filter((r) => r.kind === 'commune' && r.place_key !== '*').length;
  await db.transaction().execute((trx) => replacePlaces(trx, accountId, rows, new Date().toISOString()));
  return {
    communes_matched: matched,
    communes_unmatched: unmatched.length,
    unmatched_examples: unmatched.slice(0, 20),
    desks: places.desks.length,
  };
}

export { accountRow };
