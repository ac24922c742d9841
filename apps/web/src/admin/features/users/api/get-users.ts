import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@shop/domain/staff';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export async function getUsers(): Promise<User[]> {
  return (await adminRequest<User[]>('/users')).data;
}

export const usersQueryOptions = () => queryOptions({ queryKey: [ADMIN_KEY, 'users'], queryFn: getUsers });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
