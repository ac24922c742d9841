import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cash, Reconciliation, StatementResult, StrandedParcel } from '@shop/domain/reconciliation';
import { ApiError, API_BASE } from '../../../../lib/api.ts';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import { getAdminToken } from '../../../lib/auth-token.ts';

export interface ReconciliationFilter {
  /** A courier account, or every one. */
  account: number | null;
  /** YYYY-MM. */
  month: string;
}

function queryOf({ account, month }: ReconciliationFilter): string {
  const params = new URLSearchParams({ month });
  if (account !== null) params.set('account', String(account));
  return params.toString();
}

/** GET /courier/reconciliation: the month's parcels of one account (or all). */
export async function getReconciliation(filter: ReconciliationFilter): Promise<Reconciliation> {
  return (await adminRequest<Reconciliation>(`/courier/reconciliation?${queryOf(filter)}`)).data;
}

export function useReconciliation(filter: ReconciliationFilter) {
  return useQuery({
    queryKey: [ADMIN_KEY, 'reconciliation', filter],
    queryFn: () => getReconciliation(filter),
    placeholderData: keepPreviousData,
  });
}

/** POST /courier/statements: a courier's statement file for one account. */
export async function importStatement(body: {
  account_id: number;
  csv: string;
  file_name: string;
}): Promise<StatementResult> {
  return (await adminRequest<StatementResult>('/courier/statements', { method: 'POST', body })).data;
}

export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importStatement,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'reconciliation'] }),
        queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'courier-cash'] }),
      ]),
  });
}

/** GET /courier/stranded: parcels stuck at a courier, oldest first. */
export async function getStranded(): Promise<StrandedParcel[]> {
  return (await adminRequest<StrandedParcel[]>('/courier/stranded')).data;
}

export function useStranded() {
  return useQuery({ queryKey: [ADMIN_KEY, 'stranded'], queryFn: getStranded });
}

/** GET /courier/cash: the cash after the couriers' fees, per courier account and per wilaya. */
export async function getCash(): Promise<Cash> {
  return (await adminRequest<Cash>('/courier/cash')).data;
}

export function useCourierCash() {
  return useQuery({ queryKey: [ADMIN_KEY, 'courier-cash'], queryFn: getCash });
}

/** The month as a CSV file, read with the admin's token (a plain link cannot send it). */
export async function downloadReconciliation(filter: ReconciliationFilter): Promise<void> {
  const token = getAdminToken();
  const response = await fetch(`${API_BASE}/courier/reconciliation/export?${queryOf(filter)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, payload?.message ?? response.statusText, null);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'reconciliation.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
