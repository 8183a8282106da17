import { noArray, object, REQUIRED_INTEGER, TEXT } from './fields.js';

/** The service's response envelope `{ code, msg, data }`; `data` is checked by the resource's schema afterwards. */
export const EnvelopeSchema = /* @__PURE__ */ noArray(object({ code: REQUIRED_INTEGER, msg: TEXT }));
