import type * as v from 'valibot';
import type { CheckoutSessionSchema } from '../schemas/checkout-session.js';
import type { OrderSchema } from '../schemas/order.js';
import type { PriceDataItemSchema } from '../schemas/price-data.js';
import type {
  CheckoutCompletesScenarioSchema,
  DropFaultSchema,
  EmptyFaultSchema,
  FaultSchema,
  FaultTargetSchema,
  FlakyScenarioSchema,
  HtmlFaultSchema,
  LatencyFaultSchema,
  OversizedFaultSchema,
  RateLimitedScenarioSchema,
  RouteSchema,
  ScenarioSchema,
  StallFaultSchema,
  StatusFaultSchema,
  TruncatedFaultSchema,
} from './inputs.js';

/** A price-data item as the service sends it (docs/service.md, "Line item"): the input of the SDK's schema. */
export type SandboxPriceDataItem = v.InferInput<typeof PriceDataItemSchema>;

/**
 * An order as the service sends it (docs/service.md, "Order"): the input of the SDK's schema, `createTime` in epoch
 * milliseconds, with the `orderId` the sandbox stores it under.
 */
export type SandboxOrder = v.InferInput<typeof OrderSchema> & { orderId: string };

/**
 * A checkout session as the service sends it (docs/service.md, "Checkout session"): the input of the SDK's schema,
 * `created` and `expire` as ISO 8601 UTC strings, with the `sessionId` the sandbox stores it under.
 */
export type SandboxCheckoutSession = v.InferInput<typeof CheckoutSessionSchema> & { sessionId: string };

/** The two routes of the service: `order` is `/api/order/{id}`, `session` is `/api/checkout/session/{id}`. */
export type SandboxRoute = v.InferOutput<typeof RouteSchema>;

/** Which requests a fault applies to; an empty target matches both routes and every id. */
export type FaultTarget = v.InferInput<typeof FaultTargetSchema>;

/** Added latency, then the normal answer. */
export type LatencyFault = v.InferInput<typeof LatencyFaultSchema>;
/** Any HTTP status with an envelope `{ code, msg, data: null }`, optionally with Retry-After and extra headers. */
export type StatusFault = v.InferInput<typeof StatusFaultSchema>;
/** An HTML error page instead of JSON (status default 200, as a misrouted proxy or captive portal sends). */
export type HtmlFault = v.InferInput<typeof HtmlFaultSchema>;
/** The normal JSON answer cut in half (Content-Length matches the cut body). */
export type TruncatedFault = v.InferInput<typeof TruncatedFaultSchema>;
/** An empty body (status default 200). */
export type EmptyFault = v.InferInput<typeof EmptyFaultSchema>;
/** A valid envelope padded to `bytes` (default 8 MiB), generated lazily while it is read. */
export type OversizedFault = v.InferInput<typeof OversizedFaultSchema>;
/** The connection is closed without a response. Over `serveSandbox` the socket is destroyed; through `sandbox.fetch` the call rejects with a `TypeError`, as `fetch` does. */
export type DropFault = v.InferInput<typeof DropFaultSchema>;
/** Status 200, headers and the first half of the body, then nothing until the request is aborted. */
export type StallFault = v.InferInput<typeof StallFaultSchema>;

/** A fault to inject with `sandbox.fault(target, fault)`. */
export type Fault = v.InferInput<typeof FaultSchema>;

/** One request the sandbox received. */
export interface SandboxLogEntry {
  readonly method: string;
  /** Path and query string as received. */
  readonly path: string;
  /** Request headers, names in lower case; X-API-KEY, Authorization and Cookie masked. */
  readonly headers: Readonly<Record<string, string>>;
  /** Arrival time from the sandbox's clock (ms since the epoch). */
  readonly time: number;
  /** Status of the answer; 0 while pending and for a dropped connection. */
  readonly status: number;
  /** The fault applied to this request, if any. */
  readonly fault: Fault['kind'] | null;
  /** Bytes of response body the sandbox produced so far (a streamed body grows while it is read). */
  readonly bodyBytes: number;
}

/** Options of `createSandbox`. */
export interface SandboxOptions {
  /** The key requests must carry in X-API-KEY. Default: random per sandbox. */
  apiKey?: string;
  /** Accepted distance (ms) between X-Timestamp and the sandbox's clock. Default 300000. */
  clockSkewMs?: number;
  /** The sandbox's clock. Default `Date.now`. */
  now?: () => number;
  /**
   * The records to start with, and to go back to on `reset()`: `true` for the seeded ones (`SANDBOX_ORDERS`,
   * `SANDBOX_SESSIONS`), `false` for none, or your own. Default true.
   */
  seed?: boolean | SandboxSeed;
  /** A path prefix in front of `/api`, such as `/v1`. Default none. */
  basePath?: string;
  /** Keep at most this many log entries (the newest). Default 1000. */
  logLimit?: number;
  /**
   * Which browser pages may read the sandbox's answers (CORS): `true` for pages on any origin, `false` for none
   * (browsers refuse the answers, as for a server without CORS), or a list of origins, such as
   * `['http://localhost:5173']` for a front-end dev server. Default `true`: the sandbox is a test server, holding
   * made-up records under a key that is not the service's, so DOM test environments (happy-dom, jsdom) and dev pages
   * work without setup.
   */
  cors?: boolean | readonly string[];
}

/** A stand-in for the checkout service, answering `Request`s with `Response`s. */
export interface Sandbox {
  /** The key requests must carry in X-API-KEY. */
  readonly apiKey: string;
  /** Answers a request like the service; usable as the SDK's `fetch` option, and unbound. */
  readonly fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
  /** A copy of the stored order, or `undefined`. */
  getOrder(id: string): SandboxOrder | undefined;
  /** A copy of the stored checkout session, or `undefined`. */
  getSession(id: string): SandboxCheckoutSession | undefined;
  /**
   * Adds or replaces an order (wire format); a copy is stored. Throws a `TypeError` for a field the SDK would reject,
   * and the SDK's `InvalidIdError` for an id it would not request.
   */
  putOrder(order: SandboxOrder): void;
  /** Adds or replaces a checkout session (wire format), checked as `putOrder` checks an order; a copy is stored. */
  putSession(session: SandboxCheckoutSession): void;
  /** Removes an order; `true` when there was one. */
  deleteOrder(id: string): boolean;
  /** Removes a checkout session; `true` when there was one. */
  deleteSession(id: string): boolean;
  /** Injects a fault for matching requests; the newest matching fault wins. Returns a function that removes it. */
  fault(target: FaultTarget, fault: Fault): () => void;
  /** Removes every fault. */
  clearFaults(): void;
  /** Requests received, oldest first (at most `logLimit`). */
  readonly log: readonly SandboxLogEntry[];
  /** Empties the log. */
  clearLog(): void;
  /** Adds a scenario: a checkout that completes, a rate limit, a flaky service. Returns a function that removes it. */
  scenario(scenario: Scenario): () => void;
  /** Puts the records back to the seed (none with `seed: false`) and clears faults, scenarios and the log. */
  reset(): void;
}

/** Records to start a sandbox with, in the service's wire format. */
export interface SandboxSeed {
  orders?: readonly SandboxOrder[];
  sessions?: readonly SandboxCheckoutSession[];
}

/**
 * A checkout that completes: the session (which must exist) answers as stored until `afterRequests` requests for
 * it were answered, or `afterMs` ms passed since the first request for it (whichever comes first; with neither
 * given, `afterRequests` is 3). From then on it is `status: 'complete'`, `paymentStatus: 'paid'` with `orderId`
 * set, and that order exists: customer, items, amounts and currencies copied from the session, `status:
 * 'success'`, `createTime` now, `sessionId` the session's id.
 */
export type CheckoutCompletesScenario = v.InferInput<typeof CheckoutCompletesScenarioSchema>;
/** The next `times` (default 2) matching requests answer 429 with Retry-After (default 1 second), then normal. */
export type RateLimitedScenario = v.InferInput<typeof RateLimitedScenarioSchema>;
/** Every `failEvery`-th matching request (default 2) answers `status` (default 503); the others are normal. */
export type FlakyScenario = v.InferInput<typeof FlakyScenarioSchema>;
/** A scenario to add with `sandbox.scenario(scenario)` or `POST /__sandbox/scenarios`. */
export type Scenario = v.InferInput<typeof ScenarioSchema>;
