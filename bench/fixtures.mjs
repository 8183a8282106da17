// Payloads of the benchmarks, in the service's wire format, from the one fixture source: the sandbox's seed (built
// to dist/testing). The typical order is the seeded `ord_ada_1`; the large order is that order with its line items
// repeated to 100; the session is the seeded `cs_complete_ada`. Each as `data` and as the envelope's JSON.
import { SANDBOX_ORDERS_BY_ID, SANDBOX_SESSIONS_BY_ID } from '../dist/testing/index.js';

const typical = SANDBOX_ORDERS_BY_ID.ord_ada_1;
const large = {
  ...typical,
  orderId: 'ord_ada_1_large',
  priceDataList: Array.from({ length: 100 }, (_, index) => ({ ...typical.priceDataList[index % typical.priceDataList.length] })),
};

const payload = (kind, data) => ({ kind, data, json: JSON.stringify({ code: 0, msg: 'success', data }) });
export const PAYLOADS = {
  'typical order': payload('order', typical),
  'large order': payload('order', large),
  session: payload('session', SANDBOX_SESSIONS_BY_ID.cs_complete_ada),
};
