// Errors that arise before a route runs (the router, Node's HTTP parser) answer in the product's envelope too,
// not in Fastify's or Node's own formats, so every client reads one shape whatever went wrong.
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_STATUS, type ErrorCode, type ErrorReply, type FieldError } from '@tfb/contract';

export const errorReply = (code: number, message: string, errors?: FieldError[]): ErrorReply => ({
  code,
  message,
  data: null,
  ...(errors && errors.length ? { errors } : {}),
});

export const ERROR_MESSAGES = {
  badUrl: '请求地址编码无效',
  paramTooLong: '路径参数过长',
  headersTooLarge: '请求头或地址过长',
  timeout: '请求超时',
  badRequest: '请求格式错误',
  tooMany: '请求过于频繁，请稍后再试',
  notFound: '资源不存在',
} as const;

const isErrorCode = (n: number): n is ErrorCode => Object.prototype.hasOwnProperty.call(ERROR_STATUS, n);

/** The closed code of an HTTP status (429 → 42900); statuses without one of their own count as a bad request. */
export const codeOfStatus = (status: number): ErrorCode => {
  const code = status * 100;
  return isErrorCode(code) && ERROR_STATUS[code] === status ? code : 40000;
};

/** Fastify's `frameworkErrors`: a URL the router cannot decode, a path parameter over `maxParamLength`. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send(errorReply(41400, ERROR_MESSAGES.paramTooLong));
    return;
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send(errorReply(40000, ERROR_MESSAGES.badUrl));
    return;
  }
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  void reply
    .status(status)
    .send(status === 500 ? errorReply(50000, '服务器内部错误') : errorReply(codeOfStatus(status), ERROR_MESSAGES.badRequest));
}

/** A raw HTTP/1.1 reply carrying the envelope; the connection is closed after it (the parser's state is lost). */
export const rawErrorResponse = (status: number, code: ErrorCode, message: string): string => {
  const body = JSON.stringify(errorReply(code, message));
  return [
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
};

/** Fastify's `clientErrorHandler`: Node's HTTP parser refused the request (headers over 16 KiB, a timeout, garbage). */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let response: string;
  if (error.code === 'HPE_HEADER_OVERFLOW') response = rawErrorResponse(431, 43100, ERROR_MESSAGES.headersTooLarge);
  else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') response = rawErrorResponse(408, 40800, ERROR_MESSAGES.timeout);
  else response = rawErrorResponse(400, 40000, ERROR_MESSAGES.badRequest);
  // end() flushes the reply before closing; the socket is destroyed once the client has closed its side.
  if (socket.writable) socket.end(response);
  else socket.destroy();
}
