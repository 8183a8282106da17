import type { CheckoutSession, Order } from 'checkout-lookup';

// The SDK gives Dates; the worker answers in the service's own wire format, so the SDK in a browser reads the
// worker like it reads the service: `createTime` in epoch milliseconds, `created`/`expire` as ISO 8601 strings.

/** An order as the service sends it, minus what only the merchant may see: the payment instrument and metadata. */
export function toWireOrder(order: Order): Record<string, unknown> {
  const { metadata: _metadata, paymentMethod, createTime, ...rest } = order;
  const wire: Record<string, unknown> = { ...rest };
  if (createTime !== undefined) wire['createTime'] = createTime === null ? null : createTime.getTime();
  if (paymentMethod !== undefined) {
    if (paymentMethod === null) wire['paymentMethod'] = null;
    else {
      const { paymentInstrumentId: _instrument, ...method } = paymentMethod;
      wire['paymentMethod'] = method;
    }
  }
  return wire;
}

/** A checkout session as the service sends it, minus its token. */
export function toWireSession(session: CheckoutSession): Record<string, unknown> {
  const { token: _token, created, expire, ...rest } = session;
  const wire: Record<string, unknown> = { ...rest };
  if (created !== undefined) wire['created'] = created === null ? null : created.toISOString();
  if (expire !== undefined) wire['expire'] = expire === null ? null : expire.toISOString();
  return wire;
}
