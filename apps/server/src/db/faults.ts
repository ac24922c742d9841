// Errors that say the database (or the disk under it) cannot serve now, rather than that the
// request or the code is wrong: the server answers them 503, "try again", and names the cause in
// the log. Recognised by their codes: SQLite's (better-sqlite3), PostgreSQL's SQLSTATE, Node's
// system errors, and the few messages pg gives without a code.

export type FaultKind = 'disk_full' | 'unreachable';

export interface Fault {
  kind: FaultKind;
  /** The code that told (SQLITE_FULL, ENOSPC, 53100, ECONNREFUSED, 57P01…). */
  code: string;
}

const DISK_FULL = new Set([
  'SQLITE_FULL',
  'ENOSPC',
  'EDQUOT',
  // PostgreSQL's disk_full ("could not extend file …: No space left on device").
  '53100',
]);

// PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now (starting up, shutting down, in
// recovery), too_many_connections.
const POSTGRES_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * Node's, reaching a server. The image bucket's client (AWS SDK, whose errors carry `$metadata`)
 * meets them too: those are not the database's, and keep their own handling.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
]);

/** pg's own errors for a connection that is gone or never came, which carry no code. */
const UNREACHABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
];

function codeOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** The fault an error (or one of its causes) stands for; null for any other error. */
export function faultOf(error: unknown): Fault | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const code = codeOf(e);
    if (code && DISK_FULL.has(code)) return { kind: 'disk_full', code };
    // SQLSTATE class 08: connection exceptions.
    if (code && (POSTGRES_UNAVAILABLE.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return { kind: 'unreachable', code };
    if (code && NETWORK_CODES.has(code) && !('$metadata' in e)) return { kind: 'unreachable', code };
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((m) => m.test(message))) {
      return { kind: 'unreachable', code: message };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
