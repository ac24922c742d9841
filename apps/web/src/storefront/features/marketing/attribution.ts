// Where the customer came from, for the ad platforms (docs/marketing.md): the first landing of the
// visit (its address and UTM tags) and the latest ad click ids (fbclid as Meta's fbc, ttclid),
// kept in localStorage so that a customer who comes back to order later still carries them; the
// pixels' own cookies (_fbp, _fbc, _ttp) when they are set. Sent with the order and with the
// checkout draft (so an order the desk makes from it counts for the ad), never elsewhere.
import { fbcOf, LANDING_URL_MAX } from '@shop/domain/ad-attribution';
import type { Attribution } from '@shop/domain/marketing';

const STORAGE_KEY = 'shop.attribution';
/** An ad click counts for the platforms' usual window; an older landing is forgotten. */
const KEEP_MS = 28 * 24 * 3_600_000;
const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;

interface Stored {
  landing_url?: string;
  landed_at: number;
  fbc?: string;
  ttclid?: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_content?: string;
  utm_term?: string;
}

function read(): Stored | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const value = raw ? (JSON.parse(raw) as Stored) : null;
    if (!value || typeof value.landed_at !== 'number' || Date.now() - value.landed_at > KEEP_MS) return null;
    return value;
  } catch {
    return null;
  }
}

function write(value: Stored): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Private modes: the order goes without attribution.
  }
}

/** Click ids are short tokens; anything else in the address is not one. */
const CLICK_ID = /^[\w.-]{1,400}$/;

/**
 * Called once when the storefront starts: the first landing is kept; a new ad click (an address
 * with fbclid, ttclid or UTM tags) replaces what the previous one said.
 */
export function captureLanding(href: string = window.location.href, now = Date.now()): void {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return;
  }
  const params = url.searchParams;
  const fbclid = params.get('fbclid');
  const ttclid = params.get('ttclid');
  const utm = Object.fromEntries(
    UTM_KEYS.flatMap((k) => {
      const v = params.get(k)?.trim();
      return v ? [[k, v.slice(0, 200)]] : [];
    }),
  );
  const before = read();
  const fromAd = Boolean(fbclid || ttclid || Object.keys(utm).length > 0);
  if (before && !fromAd) return;
  const next: Stored = {
    ...(fromAd ? {} : before),
    landed_at: now,
    ...(href.length <= LANDING_URL_MAX ? { landing_url: href } : {}),
    ...utm,
  };
  if (fbclid && CLICK_ID.test(fbclid)) next.fbc = fbcOf(fbclid, now);
  else if (before?.fbc) next.fbc = before.fbc;
  if (ttclid && CLICK_ID.test(ttclid)) next.ttclid = ttclid;
  else if (before?.ttclid) next.ttclid = before.ttclid;
  write(next);
}

function cookie(name: string): string | undefined {
  const found = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : undefined;
}

const COOKIE_ID = /^fb\.\d\.\d+\.[\w.-]+$/;

/** The fields an order carries (all optional), with the browser's event id of the order placed. */
export function attributionFor(eventId: string): Attribution {
  return { event_id: eventId, ...visitAttribution() };
}

/**
 * Where the customer came from, without an event id: what a checkout draft carries (no browser
 * event goes with it; the order the desk makes from it has its own id).
 */
export function visitAttribution(): Omit<Attribution, 'event_id'> {
  const stored = read();
  const fbp = cookie('_fbp');
  // Meta's pixel writes _fbc from fbclid itself; ours stands in until it has.
  const fbc = cookie('_fbc') ?? stored?.fbc;
  const ttp = cookie('_ttp');
  const fields: Omit<Attribution, 'event_id'> = {
    ...(fbp && COOKIE_ID.test(fbp) ? { fbp } : {}),
    ...(fbc && COOKIE_ID.test(fbc) ? { fbc } : {}),
    ...(ttp && CLICK_ID.test(ttp) ? { ttp } : {}),
    ...(stored?.ttclid ? { ttclid: stored.ttclid } : {}),
    ...(stored?.landing_url ? { landing_url: stored.landing_url } : {}),
  };
  for (const key of UTM_KEYS) {
    const value = stored?.[key];
    if (value) fields[key] = value;
  }
  return fields;
}

/** The event id of an order: from its Idempotency-Key, so a retry of the same order keeps it. */
export function orderEventId(orderKey: string): string {
  return `ord-${orderKey}`;
}
