import { ApiError, API_BASE } from '../../../../lib/api.ts';
import { getAdminToken } from '../../../lib/auth-token.ts';
import type { OrderSearch } from './search-orders.ts';

export type ExportKind = 'accounting' | 'yalidine';

const EXPORT_PATHS: Record<ExportKind, string> = {
  accounting: '/order/export?format=csv',
  yalidine: '/courier/export/yalidine?',
};

/** The query of an export: the chosen orders when there are, else the list's filters. */
export function exportQuery(search: OrderSearch, ids: readonly number[]): URLSearchParams {
  const params = new URLSearchParams();
  if (ids.length > 0) {
    params.set('ids', [...ids].sort((a, b) => a - b).join(','));
    return params;
  }
  const { page: _page, limit: _limit, ...filters } = search;
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return params;
}

/**
 * Downloads a CSV export with the admin's token (a plain link cannot send it): the file is read
 * into a blob and saved under the server's name.
 */
export async function downloadExport(kind: ExportKind, query: URLSearchParams): Promise<void> {
  const path = `${EXPORT_PATHS[kind]}${EXPORT_PATHS[kind].endsWith('?') ? '' : '&'}${query.toString()}`;
  const token = getAdminToken();
  const response = await fetch(`${API_BASE}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, payload?.message ?? response.statusText, null);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `${kind}.csv`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
