import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { User, userCreateSchema, userUpdateSchema } from '@shop/domain/staff';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export type UserCreateValues = z.output<typeof userCreateSchema>;
export type UserUpdateValues = z.output<typeof userUpdateSchema>;

/** POST /users: 201 with the user; 409 when the name is taken. */
export async function createUser(values: UserCreateValues): Promise<User> {
  return (await adminRequest<User>('/users', { method: 'POST', body: values })).data;
}

/** PUT /users/{id}: a new role or password signs the user out everywhere. */
export async function updateUser({ id, ...change }: UserUpdateValues & { id: number }): Promise<User> {
  return (await adminRequest<User>(`/users/${id}`, { method: 'PUT', body: change })).data;
}

/** POST /users/{id}/disable or /enable. */
export async function setUserEnabled({ id, enabled }: { id: number; enabled: boolean }): Promise<User> {
  return (await adminRequest<User>(`/users/${id}/${enabled ? 'enable' : 'disable'}`, { method: 'POST' })).data;
}

function useUserChange<A>(mutationFn: (args: A) => Promise<User>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'users'] }),
  });
}

export const useCreateUser = () => useUserChange(createUser);
export const useUpdateUser = () => useUserChange(updateUser);
export const useSetUserEnabled = () => useUserChange(setUserEnabled);
