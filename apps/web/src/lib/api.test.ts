import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api.ts';

afterEach(() => vi.unstubAllGlobals());

function answer(response: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(response)),
  );
}

async function failure(): Promise<ApiError> {
  try {
    await apiRequest('/order', { body: {} });
  } catch (error) {
    if (error instanceof ApiError) return error;
  }
  throw new Error('expected an ApiError');
}

describe('apiRequest errors', () => {
  it("carries the server's message and data", async () => {
    answer(
      new Response(JSON.stringify({ status: 409, message: 'Stock insuffisant', data: { items: [] } }), {
        status: 409,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const error = await failure();
    expect([error.status, error.message, error.data]).toEqual([409, 'Stock insuffisant', { items: [] }]);
  });

  it.each([
    [502, 'Bad Gateway', '<html><body><center>502 Bad Gateway</center><hr>nginx</body></html>'],
    [400, 'Bad Request', ''],
    [500, 'Internal Server Error', '{"error":"boom"}'],
  ])('has no message when a %d answer carries none (not its status text)', async (status, statusText, body) => {
    answer(new Response(body, { status, statusText }));
    const error = await failure();
    expect(error.status).toBe(status);
    expect(error.message).toBe('');
  });
});
