import { getOrder, isLookupError } from 'checkout-lookup';

export interface Env {
  API_BASE_URL: string;
  API_KEY: string;
  /** Optional: where to send the service's requests instead of the global `fetch` (a service binding, or a test's `sandbox.fetch`). */
  UPSTREAM?: { fetch(request: Request): Promise<Response> };
}

// A Worker as users write them: `GET /orders/{id}` answers the order from the checkout service.
export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const id = /^\/orders\/([^/]+)$/.exec(new URL(request.url).pathname)?.[1];
    if (id === undefined) return new Response('not found', { status: 404 });
    const upstream = env.UPSTREAM;
    try {
      const order = await getOrder(decodeURIComponent(id), {
        baseUrl: env.API_BASE_URL,
        apiKey: env.API_KEY,
        maxRetries: 0,
        fetch: upstream && ((outgoing) => upstream.fetch(outgoing)),
      });
      return Response.json({ orderId: order.orderId, status: order.status, amountTotal: order.amountTotal });
    } catch (error) {
      if (isLookupError(error)) return Response.json({ error: error.name }, { status: 502 });
      throw error;
    }
  },
};
