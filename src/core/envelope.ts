import * as v from 'valibot';
import { text } from '../schemas/fields.js';

/** The service's response envelope `{ code, msg, data }`; `data` is checked by the resource's schema afterwards. */
export const EnvelopeSchema = /* @__PURE__ */ (() =>
  v.looseObject({ code: v.custom<number>(Number.isInteger, 'integer'), msg: text() }))();

/** The envelope as read: `data` is still unknown. */
export type Envelope = v.InferOutput<typeof EnvelopeSchema> & { data?: unknown };
