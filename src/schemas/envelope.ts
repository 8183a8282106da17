import { integer, object, text } from './fields.js';

/** The service's response envelope `{ code, msg, data }`; `data` is checked by the resource's schema afterwards. */
export const EnvelopeSchema = /* @__PURE__ */ (() => object({ code: integer().wrapped, msg: text() }))();
