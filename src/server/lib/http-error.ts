/** An error whose message is safe to show to the client, with the HTTP status that describes it. */
export class HttpError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please sign in first.') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const tooLarge = (message: string) => new HttpError(413, message);
export const tooManyRequests = (message = 'Too many requests, please try again later.') => new HttpError(429, message);
export const serviceUnavailable = (message: string) => new HttpError(503, message);
