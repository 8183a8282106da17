export { getOrder } from './get-order.js';
export { getSession } from './get-session.js';
export type { AttemptEvent, LookupOptions } from './options.js';
export {
  ApiError,
  InvalidIdError,
  isLookupError,
  LookupError,
  NetworkError,
  TimeoutError,
  ValidationError,
} from './errors.js';
export type { AnyLookupError, LookupErrorFields, LookupErrorName, NetworkErrorCause, ValidationIssue } from './errors.js';
export { CheckoutSessionSchema } from './schemas/checkout-session.js';
export type { CheckoutSession } from './schemas/checkout-session.js';
export { OrderSchema } from './schemas/order.js';
export type { Order } from './schemas/order.js';
export { PriceDataItemSchema } from './schemas/price-data.js';
export type { PriceDataItem } from './schemas/price-data.js';
