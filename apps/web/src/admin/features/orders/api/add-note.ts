import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderNote } from '@shop/domain/order-responses';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

/** POST /order/notes/{id}: an internal note, signed by the admin who writes it. */
export async function addNote({ id, text }: { id: number; text: string }): Promise<OrderNote> {
  return (await adminRequest<OrderNote>(`/order/notes/${id}`, { method: 'POST', body: { text } })).data;
}

export function useAddNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNote,
    onSuccess: (_note, { id }) => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'order', id] }),
  });
}
