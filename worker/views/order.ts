import { inWords } from '../i18n/index.js';
import type { Markup, Page } from './layout.js';
import type { OrderView } from '../allow-list.js';
import type { PageRequest } from '../app.js';
import { backToShop, button, fact, notice, recordPage, time } from './parts.js';

/** What an order's status means for the shopper; any status not known here is `unknown`, shown in neutral words. */
export type OrderState = 'paid' | 'processing' | 'refunded' | 'failed' | 'cancelled' | 'unknown';

// Statuses the service also sends for a state, besides the state's own name.
const SYNONYMS = { success: 'paid', complete: 'paid', completed: 'paid', pending: 'processing', canceled: 'cancelled' } as const;

export function orderState(status: string | null | undefined): OrderState {
  if (status && Object.hasOwn(SYNONYMS, status)) return SYNONYMS[status as keyof typeof SYNONYMS];
  return status && Object.hasOwn(VIEWS, status) ? (status as OrderState) : 'unknown';
}

// One view per state: the notice that says what happened to the shopper's money and what to do next.
const VIEWS: Readonly<Record<OrderState, (request: PageRequest, received: boolean) => Markup>> = {
  paid: ({ reader: { t } }, received) => (received ? notice('ok', t.received) : notice('ok', t.paid)),
  processing: (request) => notice('wait', request.reader.t.processing, '', button(request.path, request.reader.t.checkAgain)),
  refunded: (request) => notice('plain', request.reader.t.refunded, '', backToShop(request)),
  failed: (request) => notice('stop', request.reader.t.failed, '', backToShop(request)),
  cancelled: (request) => notice('plain', request.reader.t.cancelled, '', backToShop(request)),
  unknown: (request) => notice('plain', request.reader.t.unknownOrder, '', backToShop(request)),
};

/** The order page; `received`: the shopper comes from their completed checkout, so a paid order says "Payment received". */
export function orderPage(order: OrderView, request: PageRequest, received: boolean, rate: number | undefined): Page {
  const { t } = request.reader;
  const method = order.paymentMethod?.paymentMethodType;
  // One number to quote: the merchant's own reference when there is one (what the shop's support looks up).
  const number = order.merchantReferenceId || order.orderId;
  return recordPage(request, {
    heading: t.yourOrder,
    kind: t.order,
    number,
    serviceId: order.orderId,
    notice: VIEWS[orderState(order.status)](request, received),
    facts: [
      fact(t.quoteNumber, number),
      fact(t.placed, time(order.createTime, request)),
      fact(t.paymentMethod, inWords(method, t.methods) ?? (method ? t.otherMethod : undefined)),
    ],
    money: order,
    rate,
  });
}
