// Where the back office opens after signing in: the dashboard, or the confirmation desk while
// orders wait for their call, so an agent starts where the work is (sessions last a working day:
// signing in is how a day starts). Opening /admin with a session, a reload, a bookmark or the
// Dashboard link show the dashboard.

let decided = true;

/** False right after signing in, until the first page is shown. */
export function startPageDecided(): boolean {
  return decided;
}

export function markStartPageDecided(): void {
  decided = true;
}

/** Signing in starts a new day's visit. */
export function resetStartPage(): void {
  decided = false;
}
