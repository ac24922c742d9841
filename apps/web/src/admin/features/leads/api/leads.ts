import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Lead, LeadCall, LeadFigures, LeadSettings } from '@shop/domain/checkout-drafts';
import type { CreatedOrder } from '@shop/domain/order-responses';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export const leadsQueryOptions = () =>
  queryOptions({
    queryKey: [ADMIN_KEY, 'leads'],
    queryFn: async () => (await adminRequest<Lead[]>('/leads')).data,
    // Checkouts are left while the agent works: the list keeps up.
    refetchInterval: 60_000,
  });

/** GET /leads: the abandoned checkouts to call, and those recovered in the last day. */
export function useLeads({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...leadsQueryOptions(), enabled });
}

function useLeadUpdate() {
  const queryClient = useQueryClient();
  return (lead: Lead) => {
    queryClient.setQueryData(leadsQueryOptions().queryKey, (leads) =>
      lead.order_id === null && lead.call_state === 'not_interested'
        ? leads?.filter((l) => l.id !== lead.id)
        : leads?.map((l) => (l.id === lead.id ? lead : l)),
    );
  };
}

/** PUT /leads/{id}/call: no answer, call back, not interested. */
export function useLeadCall() {
  const update = useLeadUpdate();
  return useMutation({
    mutationFn: async ({ id, call }: { id: number; call: LeadCall }) =>
      (await adminRequest<Lead>(`/leads/${id}/call`, { method: 'PUT', body: call })).data,
    onSuccess: update,
  });
}

/** POST /leads/{id}/order: the lead's cart placed as an order by the server. */
export function useCreateLeadOrder() {
  const update = useLeadUpdate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, address }: { id: number; address?: string }) =>
      (
        await adminRequest<{ order: CreatedOrder; lead: Lead }>(`/leads/${id}/order`, {
          method: 'POST',
          body: address ? { address } : {},
        })
      ).data,
    onSuccess: async ({ lead }) => {
      update(lead);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'confirm-queue'] }),
        queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'orders'] }),
        queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'lead-figures'] }),
      ]);
    },
  });
}

/** GET /leads/figures: the dashboard's 30 days. */
export function useLeadFigures() {
  return useQuery({
    queryKey: [ADMIN_KEY, 'lead-figures'],
    queryFn: async () => (await adminRequest<LeadFigures>('/leads/figures')).data,
  });
}

export function useLeadSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [ADMIN_KEY, 'lead-settings'],
    queryFn: async () => (await adminRequest<LeadSettings>('/leads/settings')).data,
    enabled,
  });
}

export function useSaveLeadSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: LeadSettings) =>
      (await adminRequest<LeadSettings>('/leads/settings', { method: 'PUT', body: settings })).data,
    onSuccess: (saved) => queryClient.setQueryData([ADMIN_KEY, 'lead-settings'], saved),
  });
}
