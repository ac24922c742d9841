// Requests Node cannot even parse (headers too large, a bare LF, a smuggling attempt, a request
// that took too long to arrive) are answered before any route, by the HTTP server itself: in the
// API's envelope here too, not in Fastify's own {error, message, statusCode} shape.
import http from 'node:http';
import type { Socket } from 'node:net';

const ANSWERS: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'Request took too long to arrive' },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'Request headers are too large' },
};

export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A connection reset leaves nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = ANSWERS[error.code ?? ''] ?? { status: 400, message: 'Malformed request' };
  const body = JSON.stringify({ status, message, data: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
