import { errorText, type ErrorCode, type ErrorParamValues, type ParamsArg } from '../../shared/error-codes.ts';

/**
 * An error whose message is safe to show to the client, with the HTTP status that describes it and
 * its code of the catalogue (src/shared/error-codes.ts), which makes the message.
 */
export class HttpError<C extends ErrorCode = ErrorCode> extends Error {
  readonly statusCode: number;
  readonly code: C;
  readonly params: ErrorParamValues | undefined;
  constructor(statusCode: number, code: C, ...params: ParamsArg<C>) {
    const values = params[0] as ErrorParamValues | undefined;
    super(errorText(code, values));
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    this.params = values;
  }

  /** The same refusal said in other words (the public form's language); the code stays. */
  saying(message: string): this {
    this.message = message;
    return this;
  }
}

const withStatus =
  (status: number) =>
  <C extends ErrorCode>(code: C, ...params: ParamsArg<C>) =>
    new HttpError(status, code, ...params);

export const badRequest = withStatus(400);
export const unauthorized = withStatus(401);
export const forbidden = withStatus(403);
export const notFound = withStatus(404);
export const tooLarge = withStatus(413);
export const tooManyRequests = withStatus(429);
export const serviceUnavailable = withStatus(503);

/** The API's error answer: the catalogue's code beside the contract's `message`, and the values it says. */
export function errorBody(
  code: ErrorCode,
  params?: ErrorParamValues,
  message = errorText(code, params),
): { message: string; code: ErrorCode; params?: ErrorParamValues } {
  return { message, code, ...(params ? { params } : {}) };
}
