// Errors a route or service throws on purpose: the status and message reach the client in the
// envelope. Anything else becomes a 500 whose details stay in the log.

export class HttpError extends Error {
  readonly statusCode: number;
  readonly data: unknown;

  constructor(statusCode: number, message: string, data: unknown = null) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.data = data;
  }
}

export const badRequest = (message: string, data?: unknown) => new HttpError(400, message, data);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, data?: unknown) => new HttpError(409, message, data);
export const tooManyRequests = (message: string) => new HttpError(429, message);
export const unprocessable = (message: string, data?: unknown) => new HttpError(422, message, data);
