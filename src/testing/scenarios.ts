import { checkRetryAfter, checkTarget, matches } from './faults.js';
import { checkId } from './ids.js';
import type { CheckoutCompletesScenario, FaultTarget, Scenario, SandboxCheckoutSession, SandboxOrder, SandboxRoute, StatusFault } from './types.js';

const KINDS = ['checkout-completes', 'rate-limited', 'flaky'] as const;

/** What scenarios need of the sandbox: its records and its clock. */
export interface ScenarioStore {
  readonly orders: Map<string, SandboxOrder>;
  readonly sessions: Map<string, SandboxCheckoutSession>;
  readonly now: () => number;
}

interface Checkout {
  readonly kind: 'checkout-completes';
  readonly sessionId: string;
  readonly orderId: string;
  readonly afterRequests: number;
  readonly afterMs: number;
  answered: number;
  firstAt: number | undefined;
}
interface RateLimited {
  readonly kind: 'rate-limited';
  readonly target: FaultTarget;
  readonly fault: StatusFault;
  remaining: number;
}
interface Flaky {
  readonly kind: 'flaky';
  readonly target: FaultTarget;
  readonly fault: StatusFault;
  readonly failEvery: number;
  seen: number;
}
type Active = Checkout | RateLimited | Flaky;

/** The scenarios of one sandbox, newest first. Nothing runs on a timer: each request moves them on. */
export function createScenarioRegistry(store: ScenarioStore) {
  let active: Active[] = [];
  const onEnd = new Map<Active, () => void>();
  const drop = (item: Active) => {
    const before = active.length;
    active = active.filter((other) => other !== item);
    onEnd.delete(item);
    return active.length < before;
  };
  // A scenario that ran its course (a checkout completed, a rate limit used up) tells whoever added it.
  const finish = (item: Active) => {
    const done = onEnd.get(item);
    drop(item);
    done?.();
  };

  function complete(item: Checkout): void {
    finish(item);
    const session = store.sessions.get(item.sessionId);
    if (session === undefined) return; // deleted meanwhile: nothing left to complete
    // Stored objects are replaced, never changed: an answer being written may still hold the old one.
    store.sessions.set(item.sessionId, { ...session, status: 'complete', paymentStatus: 'paid', orderId: item.orderId });
    store.orders.set(item.orderId, orderFrom(structuredClone(session), item.orderId, store.now()));
  }

  return {
    /** Adds a scenario; the remover answers whether it was still active. `onEnd` runs when it has run its course. */
    add(scenario: Scenario, ended?: () => void): () => boolean {
      const item = activate(scenario, store);
      active.unshift(item);
      if (ended !== undefined) onEnd.set(item, ended);
      return () => drop(item);
    },
    clear(): void {
      active = [];
      onEnd.clear();
    },
    /** Completes every checkout whose `afterMs` has passed; called before any record is read. */
    settle(): void {
      const now = store.now();
      for (const item of active) {
        if (item.kind === 'checkout-completes' && item.firstAt !== undefined && now - item.firstAt >= item.afterMs) complete(item);
      }
    },
    /** Called when the session `id` is about to be answered as stored: starts its clocks. */
    arriving(id: string): void {
      for (const item of active) {
        if (item.kind === 'checkout-completes' && item.sessionId === id) item.firstAt ??= store.now();
      }
    },
    /** Called once the session `id` was answered as stored: counts, and completes after `afterRequests`. */
    answered(id: string): void {
      for (const item of active) {
        if (item.kind === 'checkout-completes' && item.sessionId === id && ++item.answered >= item.afterRequests) complete(item);
      }
    },
    /** The answer the newest matching rate-limited or flaky scenario gives this request, if any. */
    fault(route: SandboxRoute, id: string): StatusFault | undefined {
      const item = active.find((other) => other.kind !== 'checkout-completes' && matches(other.target, route, id)) as RateLimited | Flaky | undefined;
      if (item === undefined) return undefined;
      if (item.kind === 'rate-limited') {
        if (--item.remaining <= 0) finish(item);
        return item.fault;
      }
      item.seen += 1;
      return item.seen % item.failEvery === 0 ? item.fault : undefined;
    },
  };
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

/** Checks a scenario and turns it into its running state; throws a `TypeError` naming the field at fault. */
function activate(scenario: Scenario, store: ScenarioStore): Active {
  if (typeof scenario !== 'object' || scenario === null || !KINDS.includes(scenario.kind)) {
    throw new TypeError(`"scenario.kind" must be one of ${KINDS.join(', ')}`);
  }
  if (scenario.kind === 'checkout-completes') return checkout(scenario, store);
  const target = scenario.target ?? {};
  checkTarget(target, 'scenario.target');
  if (scenario.kind === 'rate-limited') {
    const times = positiveInteger(scenario.times, 2, 'scenario.times');
    const retryAfter = scenario.retryAfter ?? 1;
    checkRetryAfter(retryAfter, 'scenario.retryAfter');
    return { kind: 'rate-limited', target: { ...target }, fault: { kind: 'status', status: 429, retryAfter }, remaining: times };
  }
  const failEvery = positiveInteger(scenario.failEvery, 2, 'scenario.failEvery');
  const status = scenario.status ?? 503;
  if (!(Number.isInteger(status) && status >= 400 && status <= 599)) throw new TypeError('"scenario.status" must be an integer from 400 to 599');
  return { kind: 'flaky', target: { ...target }, fault: { kind: 'status', status }, failEvery, seen: 0 };
}

function checkout(scenario: CheckoutCompletesScenario, store: ScenarioStore): Checkout {
  const { sessionId } = scenario;
  if (typeof sessionId !== 'string' || sessionId === '') throw new TypeError('"scenario.sessionId" must be a non-empty string');
  checkId(sessionId);
  if (!store.sessions.has(sessionId))
    throw new TypeError(`"scenario.sessionId" must name a stored session; there is no ${JSON.stringify(sessionId)}`);
  const orderId = scenario.orderId ?? `ord_${sessionId.replace(/^cs_/, '')}`;
  if (typeof orderId !== 'string' || orderId === '') throw new TypeError('"scenario.orderId" must be a non-empty string');
  // The order this creates is a record like any other: under an id the SDK can request.
  checkId(orderId);
  const neither = scenario.afterRequests === undefined && scenario.afterMs === undefined;
  const afterRequests = positiveInteger(scenario.afterRequests, neither ? 3 : Infinity, 'scenario.afterRequests');
  const afterMs = scenario.afterMs ?? Infinity;
  if (!(typeof afterMs === 'number' && afterMs >= 0)) throw new TypeError('"scenario.afterMs" must be a non-negative number');
  return { kind: 'checkout-completes', sessionId, orderId, afterRequests, afterMs, answered: 0, firstAt: undefined };
}

function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!(Number.isSafeInteger(value) && value >= 1)) throw new TypeError(`"${name}" must be a positive integer`);
  return value;
}
