import type * as v from 'valibot';
import { idRefusal } from './ids.js';
import type { FaultTargetSchema, ScenarioSchema, StatusFaultSchema } from './inputs.js';
import type { SandboxCheckoutSession, SandboxOrder } from './types.js';

/** What scenarios need of the sandbox: its records and its clock. */
export interface ScenarioStore {
  readonly orders: Map<string, SandboxOrder>;
  readonly sessions: Map<string, SandboxCheckoutSession>;
  readonly now: () => number;
}

type StatusFault = v.InferOutput<typeof StatusFaultSchema>;
type Target = v.InferOutput<typeof FaultTargetSchema>;

/** A checkout on its way to completing: the requests answered so far, and when the first came. */
export interface Checkout {
  readonly kind: 'checkout-completes';
  readonly sessionId: string;
  readonly orderId: string;
  readonly afterRequests: number;
  readonly afterMs: number;
  answered: number;
  firstAt: number | undefined;
}
/** A rate limit: the 429s it still gives. */
interface RateLimited {
  readonly kind: 'rate-limited';
  readonly target: Target;
  readonly fault: StatusFault;
  remaining: number;
}
/** A flaky service: the matching requests seen so far. */
interface Flaky {
  readonly kind: 'flaky';
  readonly target: Target;
  readonly fault: StatusFault;
  readonly failEvery: number;
  seen: number;
}
/** A scenario as it runs. */
export type Running = Checkout | RateLimited | Flaky;

/**
 * A checked scenario (`ScenarioSchema`'s output) as it starts to run. Throws a `TypeError` for a checkout of a
 * session that is not stored, then for one whose default order id the SDK would refuse.
 */
export function start(scenario: v.InferOutput<typeof ScenarioSchema>, store: ScenarioStore): Running {
  switch (scenario.kind) {
    case 'checkout-completes':
      if (!store.sessions.has(scenario.sessionId)) {
        throw new TypeError(`"scenario.sessionId" must name a stored session; there is no ${JSON.stringify(scenario.sessionId)}`);
      }
      // An order id given was checked with the input: only the default can be one the SDK refuses.
      if (idRefusal(scenario.orderId) !== undefined) {
        throw new TypeError(
          `"scenario.orderId" must be given: the default, "ord_" and the session id without "cs_", is an id the SDK would refuse: an id ${idRefusal(scenario.orderId)}`,
        );
      }
      return { ...scenario, answered: 0, firstAt: undefined };
    case 'rate-limited':
      return {
        kind: 'rate-limited',
        target: scenario.target,
        fault: { kind: 'status', status: 429, retryAfter: scenario.retryAfter },
        remaining: scenario.times,
      };
    case 'flaky':
      return { kind: 'flaky', target: scenario.target, fault: { kind: 'status', status: scenario.status }, failEvery: scenario.failEvery, seen: 0 };
  }
}

/**
 * What a rate limit or a flaky service answers the matching request it is given, counted: its fault, or `undefined`
 * for the normal answer; and whether it has run its course.
 */
export function step(scenario: RateLimited | Flaky): [fault: StatusFault | undefined, done: boolean] {
  if (scenario.kind === 'rate-limited') return [scenario.fault, --scenario.remaining <= 0];
  scenario.seen += 1;
  return [scenario.seen % scenario.failEvery === 0 ? scenario.fault : undefined, false];
}

/** Completes a checkout: the session paid and linked to its new order, unless it was deleted meanwhile. */
export function complete(item: Checkout, store: ScenarioStore): void {
  const session = store.sessions.get(item.sessionId);
  if (session === undefined) return; // deleted meanwhile: nothing left to complete
  // Stored objects are replaced, never changed: an answer being written may still hold the old one.
  store.sessions.set(item.sessionId, { ...session, status: 'complete', paymentStatus: 'paid', orderId: item.orderId });
  store.orders.set(item.orderId, orderFrom(structuredClone(session), item.orderId, store.now()));
}

/** The order a completed checkout creates. */
function orderFrom(session: SandboxCheckoutSession, orderId: string, now: number): SandboxOrder {
  return {
    orderId,
    merchantReferenceId: session.merchantReferenceId ?? null,
    invoiceId: session.invoiceId ?? null,
    customerId: session.customer?.customerId ?? null,
    createTime: now,
    productId: session.product?.productId ?? null,
    priceId: session.price?.priceId ?? null,
    priceDataList: session.priceDataList ?? [],
    paymentMethod: { paymentMethodType: 'CARD', paymentInstrumentId: 'pi_sandbox_card' },
    amountSubtotal: session.amountSubtotal ?? null,
    amountTotal: session.amountTotal ?? null,
    paymentCurrency: session.paymentCurrency ?? null,
    originalCurrency: session.originalCurrency ?? null,
    status: 'success',
    sessionId: session.sessionId,
    metadata: {},
  };
}
