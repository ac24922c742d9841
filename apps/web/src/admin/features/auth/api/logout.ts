import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import { clearAdminToken } from '../../../lib/auth-token.ts';
import { clearAllFormDrafts } from '../../../lib/form-drafts.ts';

export async function logout(): Promise<void> {
  await adminRequest<null>('/auth/logout', { method: 'POST' });
}

/** Revokes the token on the server; whatever the answer, the token is gone from this browser. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearAdminToken();
      clearAllFormDrafts();
      queryClient.removeQueries({ queryKey: [ADMIN_KEY] });
    },
  });
}
