import type { IncomingMessage, ServerResponse } from 'node:http';
import { loggableUrl, requestIdFrom, type Logger } from '../platform/log';

/** The header that carries a request's id in both directions (and to the API app inside). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Which requests get a log line (LOG_SLOW_MS, LOG_SAMPLE_EVERY). */
export interface RequestLogPolicy {
  /** A request that took at least this many milliseconds is always logged (at warn). */
  slowMs: number;
  /** One in this many fast successful answers is logged (1: every one, 0: none). */
  sampleEvery: number;
}

/**
 * A line per request was the largest cost left on the polled unread count after its query (the
 * object, the redaction, the JSON): failures, non-2xx answers, slow and cut requests are always
 * logged; of the fast successes, one in `sampleEvery`.
 */
export function createRequestLog(logger: Logger, policy: RequestLogPolicy) {
  let successes = 0;
  const sampled = () => {
    if (policy.sampleEvery <= 0) return false;
    successes = (successes + 1) % policy.sampleEvery;
    return successes === 0;
  };
  /**
   * Gives a request its id (the proxy's, when it sent a plain one, else a new UUID), echoes it as
   * `X-Request-Id`, stamps it on the request's headers for the API app and Astro, and writes one
   * JSON line when the answer is finished or the client went away, if the policy says so. Never the
   * body, the cookies or the Authorization header; credential-bearing query values are replaced.
   */
  return function trackRequest(req: IncomingMessage, res: ServerResponse): string {
    const started = performance.now();
    const id = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    req.headers[REQUEST_ID_HEADER] = id;
    res.setHeader('X-Request-Id', id);
    const write = (aborted: boolean) => {
      const ms = Math.round((performance.now() - started) * 1000) / 1000;
      const status = res.statusCode;
      const slow = ms >= policy.slowMs;
      if (!aborted && !slow && status >= 200 && status < 300 && !sampled()) return;
      const line = {
        reqId: id,
        method: req.method,
        url: loggableUrl(req.url ?? '/'),
        status,
        ms,
        ...(aborted ? { aborted: true } : {}),
        ...(slow ? { slow: true } : {}),
      };
      if (status >= 500) logger.error(line, 'request');
      else if (slow) logger.warn(line, 'request');
      else logger.info(line, 'request');
    };
    // 'close' follows 'finish' on every answer, and comes alone when the client went away: one listener.
    res.once('close', () => write(!res.writableFinished));
    return id;
  };
}
