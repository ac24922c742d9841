// scrypt password hashing with a random salt and a constant-time comparison (DESIGN §3.6). Each
// hash carries its cost, `scrypt$ln=17,r=8,p=1$<salt>$<key>`, so the cost can rise: a hash made
// at another cost still verifies, and is made again at the current one on the next sign-in.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost: N = 2^logN, block size r, parallelism p. */
export interface ScryptCost {
  logN: number;
  r: number;
  p: number;
}

/**
 * OWASP's minimum for scrypt (Password Storage Cheat Sheet): N=2^17, r=8, p=1, about 128 MiB and
 * a few hundred milliseconds per hash. The default, and the least the configuration accepts
 * outside the test suite (PASSWORD_HASH_COST in config.ts).
 */
export const OWASP_MIN_LOG_N = 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

/** Hashes written before the cost was stored with them: `scrypt$<salt>$<key>`, at N=2^14. */
const UNMARKED_COST: ScryptCost = { logN: 14, r: 8, p: 1 };

/** What a stored hash may ask for: beyond it, the hash is not ours (and would take gigabytes). */
const LIMITS = { logN: [10, 20], r: [1, 32], p: [1, 16] } as const;

const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

export function costOf(logN: number): ScryptCost {
  return { logN, r: BLOCK_SIZE, p: PARALLELISM };
}

function options({ logN, r, p }: ScryptCost): ScryptOptions {
  const N = 2 ** logN;
  // scrypt needs 128·N·r bytes (Node refuses past maxmem, 32 MiB by default): twice that leaves
  // room for its other buffers.
  return { N, r, p, maxmem: 2 * 128 * N * r };
}

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options(cost), (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

function format(cost: ScryptCost, salt: Buffer, key: Buffer): string {
  return `scrypt$ln=${cost.logN},r=${cost.r},p=${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

interface ParsedHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

function within(value: number, [min, max]: readonly [number, number]): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

function parse(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts[0] !== 'scrypt') return null;
  if (parts.length === 3) {
    const [, salt, key] = parts;
    return salt && key
      ? { cost: UNMARKED_COST, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') }
      : null;
  }
  const [, params = '', salt, key] = parts;
  const match = /^ln=(\d+),r=(\d+),p=(\d+)$/.exec(params);
  if (parts.length !== 4 || !match || !salt || !key) return null;
  const cost = { logN: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  if (!within(cost.logN, LIMITS.logN) || !within(cost.r, LIMITS.r) || !within(cost.p, LIMITS.p)) return null;
  return { cost, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

export async function hashPassword(password: string, cost: ScryptCost = costOf(OWASP_MIN_LOG_N)): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  return format(cost, salt, await derive(password, salt, cost));
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const hash = parse(stored);
  if (!hash) return false;
  const actual = await derive(password, hash.salt, hash.cost);
  return actual.length === hash.key.length && timingSafeEqual(actual, hash.key);
}

/** True when the hash was made at another cost than this one (made again at the next sign-in). */
export function needsRehash(stored: string, cost: ScryptCost): boolean {
  const hash = parse(stored);
  return !hash || hash.cost.logN !== cost.logN || hash.cost.r !== cost.r || hash.cost.p !== cost.p;
}

/** A hash to compare against when the username is unknown, at the current cost, so both paths take as long. */
export function dummyHash(cost: ScryptCost): string {
  return format(cost, Buffer.alloc(SALT_LENGTH), Buffer.alloc(KEY_LENGTH));
}
