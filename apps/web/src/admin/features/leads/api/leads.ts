import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Lead, LeadCall, LeadFigures, LeadOrder, LeadSettings } from '@shop/domain/checkout-drafts';
import type { CreatedOrder } from '@shop/domain/order-responses';
import type { CustomItem } from '@shop/domain/custom-item-responses';
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, call }: { id: number; call: LeadCall }) =>
      (await adminRequest<Lead>(`/leads/${id}/call`, { method: 'PUT', body: call })).data,
    onSuccess: update,
    // Refused (another agent holds the lead): the list is read again, the card says who.
    onError: () => queryClient.invalidateQueries({ queryKey: leadsQueryOptions().queryKey }),
  });
}

/**
 * A change of who holds a lead (POST /leads/{id}/claim, /release): the card shows the answer; a
 * refusal (another agent took it) reads the list again, so the card says who.
 */
function useLeadHold(action: 'claim' | 'release') {
  const update = useLeadUpdate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await adminRequest<Lead>(`/leads/${id}/${action}`, { method: 'POST' })).data,
    onSuccess: update,
    onError: () => queryClient.invalidateQueries({ queryKey: leadsQueryOptions().queryKey }),
  });
}

/** POST /leads/{id}/claim: the agent opens the lead (Call, Create order, Call back) and holds it. */
export const useClaimLead = () => useLeadHold('claim');
/** POST /leads/{id}/release: "Give back". */
export const useReleaseLead = () => useLeadHold('release');

type LeadOrderAnswer = { order: CreatedOrder; lead: Lead };

/**
 * An order made from a lead: the card shows it recovered, and the lists it joins are read again.
 * Refused (another agent holds the lead, the stock is short), the list is read again.
 */
function useLeadOrderMutation<Input>(send: (input: Input) => Promise<LeadOrderAnswer>) {
  const update = useLeadUpdate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async ({ lead }) => {
      update(lead);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'confirm-queue'] }),
        queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'orders'] }),
        queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'lead-figures'] }),
      ]);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: leadsQueryOptions().queryKey }),
  });
}

/**
 * POST /leads/{id}/order: the lead's cart placed as an order by the server, with the street address
 * and where the parcel goes (wilaya, commune, home or stop desk) as the agent heard them.
 */
export function useCreateLeadOrder() {
  return useLeadOrderMutation(
    async ({ id, body }: { id: number; body: LeadOrder }) =>
      (await adminRequest<LeadOrderAnswer>(`/leads/${id}/order`, { method: 'POST', body })).data,
  );
}

/**
 * POST /leads/{id}/custom-order (multipart): a custom page's lead placed as its custom order, with
 * the pictures the customer sent the agent, priced and checked by the server.
 */
export function useCreateLeadCustomOrder() {
  return useLeadOrderMutation(
    async ({ id, form }: { id: number; form: FormData }) =>
      (await adminRequest<LeadOrderAnswer>(`/leads/${id}/custom-order`, { method: 'POST', body: form })).data,
  );
}

/** The active custom items, as the storefront's custom order form offers them. */
export function useActiveCustomItems({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [ADMIN_KEY, 'custom-items', 'active'],
    queryFn: async () => (await adminRequest<CustomItem[]>('/CustomOrderItem/getAll')).data ?? [],
    enabled,
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
