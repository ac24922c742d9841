import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginSchema } from '@shop/domain/auth-schemas';
import type { Session } from '@shop/domain/auth-responses';
import { apiRequest } from '../../../../lib/api.ts';

export type LoginInput = z.output<typeof loginSchema>;

export async function login(input: LoginInput): Promise<string> {
  const response = await apiRequest<Session>('/auth/login', {
    method: 'POST',
    body: input,
  });
  return response.data.token;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
