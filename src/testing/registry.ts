import type * as v from 'valibot';
import type { FaultSchema, FaultTargetSchema, ScenarioSchema } from './inputs.js';
import { type Checkout, complete, type Running, type ScenarioStore, start, step } from './scenarios.js';
import type { SandboxRoute } from './types.js';

type Fault = v.InferOutput<typeof FaultSchema>;
type Target = v.InferOutput<typeof FaultTargetSchema>;

/** A fault as it is armed: the uses it has left. */
interface Armed {
  readonly kind: 'fault';
  readonly target: Target;
  readonly fault: Fault;
  remaining: number;
}
/** An armed fault or a running scenario, under its id: `f1`, `f2`, ... for faults, `s1`, ... for scenarios. */
type Item = (Armed | Running) & { readonly id: string };
/** Which of the two an id names. */
export type Family = 'fault' | 'scenario';

const familyOf = (item: Armed | Running): Family => (item.kind === 'fault' ? 'fault' : 'scenario');

/** Whether a request for `route` and `id` is one that `target` names. */
function matches(target: Target, route: SandboxRoute, id: string): boolean {
  return (target.route === undefined || target.route === route) && (target.id === undefined || target.id === id);
}

/**
 * The faults and scenarios of one sandbox, newest first, each under its own id until it is removed or has run its
 * course (a fault's `times` used, a rate limit used, a checkout completed). Ids are never reused. Nothing runs on a
 * timer: each request moves them on. Takes checked input (the schemas' output) only.
 */
export function createRegistry(store: ScenarioStore) {
  let items: Item[] = [];
  const added = { fault: 0, scenario: 0 };
  const drop = (item: Item): boolean => {
    const before = items.length;
    items = items.filter((other) => other !== item);
    return items.length < before;
  };
  const add = (state: Armed | Running): string => {
    const family = familyOf(state);
    added[family] += 1;
    const id = `${family[0]}${added[family]}`;
    items.unshift({ ...state, id });
    return id;
  };
  const finish = (item: Checkout & { readonly id: string }) => {
    drop(item);
    complete(item, store);
  };
  const checkouts = () => items.filter((item): item is Checkout & { readonly id: string } => item.kind === 'checkout-completes');

  return {
    /** Arms a fault; returns its id. */
    addFault: (target: Target, fault: Fault): string => add({ kind: 'fault', target, fault, remaining: fault.times ?? Infinity }),
    /** Starts a scenario; returns its id. Throws a `TypeError` for a checkout of a session that is not stored. */
    addScenario: (scenario: v.InferOutput<typeof ScenarioSchema>): string => add(start(scenario, store)),
    /** Removes the fault or scenario `id`; `true` when it was still there. */
    remove(family: Family, id: string): boolean {
      const item = items.find((other) => other.id === id && familyOf(other) === family);
      return item !== undefined && drop(item);
    },
    /** The ids of one family still there, oldest first. */
    ids: (family: Family): string[] =>
      items
        .filter((item) => familyOf(item) === family)
        .map(({ id }) => id)
        .reverse(),
    /** Removes every fault, every scenario, or both. */
    clear(family?: Family): void {
      items = family === undefined ? [] : items.filter((item) => familyOf(item) !== family);
    },
    /**
     * The answer a request gets instead of the service's, if any: the newest matching fault's (one use of it), else
     * the newest matching rate limit's or flaky service's.
     */
    take(route: SandboxRoute, id: string): Fault | undefined {
      const armed = items.find((item): item is Armed & Item => item.kind === 'fault' && matches(item.target, route, id));
      if (armed !== undefined) {
        if (--armed.remaining <= 0) drop(armed);
        return armed.fault;
      }
      const item = items.find(
        (other): other is Exclude<Running, Checkout> & Item =>
          other.kind !== 'fault' && other.kind !== 'checkout-completes' && matches(other.target, route, id),
      );
      if (item === undefined) return undefined;
      const [fault, done] = step(item);
      if (done) drop(item);
      return fault;
    },
    /** Completes every checkout whose `afterMs` has passed; called before any record is read. */
    settle(): void {
      const now = store.now();
      for (const item of checkouts()) if (item.firstAt !== undefined && now - item.firstAt >= item.afterMs) finish(item);
    },
    /** Called when the session `id` is about to be answered as stored: starts its clocks. */
    arriving(id: string): void {
      for (const item of checkouts()) if (item.sessionId === id) item.firstAt ??= store.now();
    },
    /** Called once the session `id` was answered as stored: counts, and completes after `afterRequests`. */
    answered(id: string): void {
      for (const item of checkouts()) if (item.sessionId === id && ++item.answered >= item.afterRequests) finish(item);
    },
  };
}

/** The faults and scenarios of one sandbox. */
export type Registry = ReturnType<typeof createRegistry>;
