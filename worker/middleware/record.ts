import { setMetric } from 'hono/timing';
import type { WithRecord } from '../app.js';
import { createMiddleware } from 'hono/factory';
import type { RecordKind } from '../lookup.js';
import { parseId } from '../lookup.js';

/**
 * The last steps before a view: the route's `:id` as an id (else the 404 every bad id shares), then the record if it
 * is this customer's (else that same 404, or the failure). The record goes on as `c.get('record')`; the time waited for
 * the service goes into `Server-Timing` and the log line.
 */
export function record<T>(find: RecordKind<T>) {
  return createMiddleware<WithRecord<T>>(async (c, next) => {
    const id = parseId(c.req.param('id') ?? '');
    if (id === undefined) return c.get('answers').notFound(c);
    const started = Date.now();
    const outcome = await find(id, c.get('customer')!, c.get('settings'));
    const waited = Date.now() - started;
    c.set('upstreamMs', waited);
    setMetric(c, 'upstream', waited);
    switch (outcome.kind) {
      case 'found':
        c.set('record', outcome.value);
        return next();
      case 'not-found':
        return c.get('answers').notFound(c);
      case 'failed':
        c.set('failure', outcome.failure);
        return c.get('answers').failed(c, outcome.status);
    }
  });
}
