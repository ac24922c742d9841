// Where the back office opens: the first page of a visit (a new tab, a reload, or right after
// signing in) that is the dashboard becomes the confirmation desk while orders wait for their
// call, so an agent starts where the work is. Any later visit to the dashboard shows it.

let decided = false;

/** True once this visit's first page was shown: the dashboard no longer sends to the desk. */
export function startPageDecided(): boolean {
  return decided;
}

export function markStartPageDecided(): void {
  decided = true;
}

/** Signing in starts a new visit. */
export function resetStartPage(): void {
  decided = false;
}
