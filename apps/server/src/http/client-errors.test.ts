// Requests the HTTP parser refuses get the envelope too (through a real socket: inject() does not
// parse HTTP).
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let port: number;
beforeAll(async () => {
  t = await createTestContext();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/** Sends raw bytes and reads the whole answer. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function envelopeOf(answer: string): unknown {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
}

describe('requests the HTTP parser refuses', () => {
  it('headers too large: 431 in the envelope', async () => {
    const answer = await raw(`GET /api/settings HTTP/1.1\r\nHost: shop\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(envelopeOf(answer)).toEqual({ status: 431, message: 'Request headers are too large', data: null });
  });

  it('a bare LF and a smuggling attempt: 400 in the envelope', async () => {
    for (const request of [
      'GET /api/settings HTTP/1.1\nHost: shop\n\n',
      'POST /api/order HTTP/1.1\r\nHost: shop\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /admin HTTP/1.1\r\n\r\n',
      'GET /api/settings HTTP/1.1\r\nHost: shop\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab',
    ]) {
      const answer = await raw(request);
      expect(answer, JSON.stringify(request)).toMatch(/^HTTP\/1\.1 400 /);
      expect(envelopeOf(answer)).toEqual({ status: 400, message: 'Malformed request', data: null });
    }
  });
});
