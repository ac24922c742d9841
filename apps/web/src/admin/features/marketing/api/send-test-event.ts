import { useMutation } from '@tanstack/react-query';
import type { AdPlatform } from '@shop/domain/marketing';
import { adminRequest } from '../../../lib/admin-request.ts';

export interface TestEventResult {
  ok: boolean;
  status: number;
  message: string;
}

/** POST /marketing/test-event: a test purchase with the platform's test event code. */
export async function sendTestEvent(platform: AdPlatform): Promise<{ result: TestEventResult; message: string }> {
  const answer = await adminRequest<TestEventResult>('/marketing/test-event', { method: 'POST', body: { platform } });
  return { result: answer.data, message: answer.message };
}

export function useSendTestEvent() {
  return useMutation({ mutationFn: sendTestEvent });
}
