import * as v from 'valibot';
import { integer, text } from '../schemas/fields.js';

/** The service's response envelope `{ code, msg, data }`; `data` is checked by the resource's schema afterwards. */
export const EnvelopeSchema = /* @__PURE__ */ (() => v.looseObject({ code: integer().wrapped, msg: text() }))();
