// A page's code or its texts come as separate files (lazy chunks, the language catalogues). One
// that fails to load — a mobile connection dropping, or, after a deploy, an open tab asking for a
// file whose hashed name is gone — used to leave a blank page. Such a failure is met with one
// reload (the tab then gets the new files); a second failure soon after shows the area's error
// screen with its retry button instead of reloading again and again.

/** When the last automatic reload happened (this tab only). */
const RELOADED_AT_KEY = 'shop.chunkReloadAt';
/** A reload within this long of the previous one would be a loop: the error screen is shown. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

/** The page's reload, apart so that tests can watch it. */
export const pageReload = { reload: () => window.location.reload() };

/**
 * A failed load of a module: Chromium "Failed to fetch dynamically imported module", Firefox
 * "error loading dynamically imported module", Safari "Importing a module script failed", and a
 * module answered as HTML ("not a valid JavaScript MIME type").
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|module script|MIME type|Unable to preload CSS/i.test(
    error.message,
  );
}

/** Reloads the page unless it did so for this reason less than a minute ago; says whether it did. */
export function reloadOnce(now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOADED_AT_KEY, String(now));
  } catch {
    // Without storage a reload could not tell it already happened: no automatic reload at all.
    return false;
  }
  pageReload.reload();
  return true;
}
