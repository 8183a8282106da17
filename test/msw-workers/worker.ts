import { getOrder, isLookupError } from 'checkout-lookup';

export interface Env {
  API_BASE_URL: string;
  API_KEY: string;
}

/**
 * A Worker as users write them: `GET /orders/{id}` answers the order from the checkout service, calling the
 * global `fetch`. `createWorker({ fetch })` builds the same Worker on an injected `fetch` instead.
 */
export function createWorker(inject: { fetch?: (request: Request) => Promise<Response> } = {}) {
  return {
    async fetch(request: Request, env: Env): Promise<Response> {
      const id = /^\/orders\/([^/]+)$/.exec(new URL(request.url).pathname)?.[1];
      if (id === undefined) return new Response('not found', { status: 404 });
      try {
        const order = await getOrder(decodeURIComponent(id), { baseUrl: env.API_BASE_URL, apiKey: env.API_KEY, maxRetries: 0, ...inject });
        return Response.json({ orderId: order.orderId, status: order.status, amountTotal: order.amountTotal });
      } catch (error) {
        if (isLookupError(error)) return Response.json({ error: error.name }, { status: 502 });
        throw error;
      }
    },
  };
}

export default createWorker();
