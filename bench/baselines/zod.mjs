// Baseline: bare fetch + JSON.parse + the zod v4 schema.
import { getJson } from './bare-fetch.mjs';
import { CheckoutSessionSchema, OrderSchema } from './zod-schemas.mjs';

export const getOrder = async (id, options) => OrderSchema.parse(await getJson('api/order/', id, options));

export const getSession = async (id, options) =>
  CheckoutSessionSchema.parse(await getJson('api/checkout/session/', id, options));
