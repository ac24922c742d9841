// Where login sends the owner back to: the admin page he was on (/admin/login?next=/admin/products).
// Only a back-office page of this site is accepted, so a crafted link cannot send him elsewhere.
import { paths } from '../../lib/paths.ts';

/** The login address that comes back to `current` (a path with its query) after signing in. */
export function loginPathFor(current: string): string {
  if (current === paths.admin.dashboard || current === `${paths.admin.dashboard}/`) return paths.admin.login;
  return `${paths.admin.login}?next=${encodeURIComponent(current)}`;
}

/** `next` when it is a back-office page of this site (not login itself), else the dashboard. */
export function safeNextPage(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//')) return paths.admin.dashboard;
  let url: URL;
  try {
    url = new URL(next, window.location.origin);
  } catch {
    return paths.admin.dashboard;
  }
  const adminPage = /^\/admin(\/|$)/.test(url.pathname) && !url.pathname.startsWith(paths.admin.login);
  if (url.origin !== window.location.origin || !adminPage) return paths.admin.dashboard;
  return `${url.pathname}${url.search}${url.hash}`;
}
