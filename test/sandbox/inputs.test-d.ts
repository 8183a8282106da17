import { describe, expectTypeOf, test } from 'vitest';
import type { CheckoutCompletesScenario, Fault, FaultTarget, Sandbox, Scenario, StatusFault } from '../../src/testing/index.js';

// Checked by tsc (`npm run typecheck`): the sandbox's input types are inferred from the schemas that check them, so
// what the type admits and what the check accepts are one declaration.
describe('the sandbox input types', () => {
  test('a fault needs its kind and what that kind requires, and nothing of another kind', () => {
    expectTypeOf<{ kind: 'latency'; ms: number }>().toExtend<Fault>();
    expectTypeOf<{ kind: 'latency' }>().not.toExtend<Fault>();
    expectTypeOf<{ kind: 'status' }>().not.toExtend<Fault>();
    expectTypeOf<{ kind: 'explode' }>().not.toExtend<Fault>();
    expectTypeOf<{ kind: 'drop'; times: number; delayMs: number }>().toExtend<Fault>();
    expectTypeOf<{ kind: 'oversized'; contentLength: 'yes' }>().not.toExtend<Fault>();
  });

  test("a status fault's optional fields are typed as the check reads them", () => {
    expectTypeOf<StatusFault['retryAfter']>().toEqualTypeOf<number | string | undefined>();
    expectTypeOf<StatusFault['headers']>().toEqualTypeOf<Record<string, string> | undefined>();
    expectTypeOf<FaultTarget['route']>().toEqualTypeOf<'order' | 'session' | undefined>();
  });

  test('a scenario needs its kind, a checkout its session', () => {
    expectTypeOf<{ kind: 'flaky' }>().toExtend<Scenario>();
    expectTypeOf<{ kind: 'checkout-completes' }>().not.toExtend<Scenario>();
    expectTypeOf<{ kind: 'checkout-completes'; sessionId: string }>().toExtend<CheckoutCompletesScenario>();
    expectTypeOf<Parameters<Sandbox['scenario']>[0]>().toEqualTypeOf<Scenario>();
    expectTypeOf<Parameters<Sandbox['fault']>>().toEqualTypeOf<[target: FaultTarget, fault: Fault]>();
  });
});
