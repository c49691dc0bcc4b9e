import type { IncomingMessage, ServerResponse } from 'node:http';
import { loggableUrl, requestIdFrom, type Logger } from '../platform/log';

/** The header that carries a request's id in both directions (and to the API app inside). */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Gives a request its id (the proxy's, when it sent a plain one, else a new UUID), echoes it as
 * `X-Request-Id`, stamps it on the request's headers for the API app and Astro, and writes one
 * JSON line when the answer is finished or the client went away. Never the body, the cookies or
 * the Authorization header; credential-bearing query values are replaced.
 */
export function trackRequest(req: IncomingMessage, res: ServerResponse, logger: Logger): string {
  const started = process.hrtime.bigint();
  const id = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
  req.headers[REQUEST_ID_HEADER] = id;
  res.setHeader('X-Request-Id', id);
  let written = false;
  const write = (aborted: boolean) => {
    if (written) return;
    written = true;
    const line = {
      reqId: id,
      method: req.method,
      url: loggableUrl(req.url ?? '/'),
      status: res.statusCode,
      ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      ...(aborted ? { aborted: true } : {}),
    };
    if (res.statusCode >= 500) logger.error(line, 'request');
    else logger.info(line, 'request');
  };
  res.once('finish', () => write(false));
  res.once('close', () => write(!res.writableFinished));
  return id;
}
