import { ApiError, API_BASE } from '../../../../lib/api.ts';
import { getAdminToken } from '../../../lib/auth-token.ts';

/**
 * Downloads a month's commissions (GET /staff/commissions?month=YYYY-MM) with the admin's token,
 * which a plain link cannot send: read into a blob, saved under the server's name.
 */
export async function downloadCommissions(month: string): Promise<void> {
  const token = getAdminToken();
  const response = await fetch(`${API_BASE}/staff/commissions?month=${month}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, payload?.message ?? response.statusText, null);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'commissions.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
