// What the local fakes of the couriers share: a real HTTP server on a free port that records the
// calls, reads the body, can answer late, and can stop listening (connection refused) and start
// again on the same port. Each fake (fake-ecotrack.ts, fake-zr-express.ts, fake-noest.ts) gives
// the requests it understands to `handle`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  /** The JSON body, or null. */
  json: unknown;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
  /** A raw body (a PDF) instead of JSON. */
  bytes?: Buffer;
  headers?: Record<string, string>;
}

/** undefined: never answer (the connection stays open until the client gives up). */
export type FakeHandler = (request: FakeRequest) => FakeAnswer | undefined;

export interface FakeServer {
  url: string;
  calls: { method: string; path: string }[];
  /** Every answer waits this long. */
  delayMs: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeServer(handle: FakeHandler): Promise<FakeServer> {
  const state = { calls: [] as { method: string; path: string }[], delayMs: 0 };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    state.calls.push({ method: req.method ?? '', path: url.pathname + url.search });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      let json: unknown = null;
      try {
        json = raw.length > 0 ? JSON.parse(raw.toString('utf8')) : null;
      } catch {
        json = null;
      }
      const answer = handle({ method: req.method ?? '', url, headers: req.headers, raw, json });
      if (!answer) return;
      const send = () => {
        const body = answer.bytes ?? Buffer.from(answer.body === undefined ? '' : JSON.stringify(answer.body));
        res.writeHead(answer.status, {
          'content-type': answer.bytes ? 'application/pdf' : 'application/json',
          ...answer.headers,
        });
        res.end(body);
      };
      if (state.delayMs > 0) setTimeout(send, state.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    stop,
    start: () =>
      new Promise<void>((resolve) => {
        if (server.listening) return resolve();
        server.listen(port, '127.0.0.1', resolve);
      }),
    close: stop,
  });
}

/** A tiny PDF, enough for a client to see it is one. */
export function fakePdf(text: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
}
