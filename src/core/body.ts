/** Shared by every read: a decode without `stream` keeps no state from one call to the next. */
const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * The deepest nesting of arrays and objects parsed. Parsing cannot be interrupted, and deeply nested JSON costs
 * several times more per byte than any flat shape (Node 20 spends 125-195 ms on 1 MiB of `[[[…]]]`); no documented
 * record comes near this depth.
 */
export const MAX_DEPTH = 64;

/** Bodies up to this length are parsed without the depth scan: even the deepest shape parses in well under 1 ms. */
const SCANNED_FROM = 4096;

/**
 * Reads a response body as UTF-8 text, up to `limit` bytes, chunk by chunk, counted, and raced against `aborted`, so
 * a body that stalls after the headers cannot outlive the deadline. Returns `undefined` when the body is larger than
 * `limit` (a larger body is never buffered whole; one whose Content-Length says so is not read at all), `null` when
 * it is not UTF-8 (JSON text must be, RFC 8259 §8.1), and `''` when there is none. The bytes are decoded once, when
 * all have come.
 */
export async function readText(response: Response, limit: number, aborted: Promise<never>): Promise<string | null | undefined> {
  const bytes = await readBytes(response, limit, aborted, Number(response.headers.get('content-length')) > limit);
  try {
    return bytes && decoder.decode(bytes);
  } catch {
    return null;
  }
}

/** The bytes of the body, or `undefined` past `limit`: the read is cancelled once past it (at once when `tooLong`). */
async function readBytes(response: Response, limit: number, aborted: Promise<never>, tooLong: boolean): Promise<BufferSource | undefined> {
  const reader = response.body?.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = tooLong ? Infinity : 0;
  try {
    while (reader && size <= limit) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
    if (size > limit) return undefined;
    // Joined once (a decode per chunk costs more: in Deno each is a call into the runtime); a Blob only for several.
    // Stryker disable next-line ConditionalExpression: the Blob joins one chunk into the same bytes, only slower.
    return chunks.length === 1 ? chunks[0] : new Blob(chunks).arrayBuffer();
  } finally {
    // Releases the connection of a body left unread: too large, stalled or broken.
    reader?.cancel().catch(() => {});
  }
}

/**
 * The JSON value of a body that `readText` read, or `undefined` and what the body is instead, for messages: over the
 * limit (`undefined`), not UTF-8 (`null`), empty, an HTML page, nested deeper than `MAX_DEPTH`, cut short, or else
 * invalid JSON.
 */
export function parseBody(text: string | null | undefined, limit: number): [json: unknown, bodyIs?: string] {
  if (text === undefined) return [undefined, `more than ${limit} bytes`];
  if (text === null) return [undefined, 'a body that is not UTF-8'];
  if (text.length < SCANNED_FROM || depthWithin(text)) {
    try {
      return [JSON.parse(text)];
    } catch {}
  } else return [undefined, `JSON nested deeper than ${MAX_DEPTH} levels`];
  if (!text.trim()) return [undefined, 'an empty body'];
  if (/^\s*</.test(text)) return [undefined, 'an HTML page'];
  // JSON that opens an object or array and never closes one: the body was cut short.
  if (/^\s*[[{]/.test(text) && !/[\]}]\s*$/.test(text)) return [undefined, 'a truncated body'];
  return [undefined, 'invalid JSON'];
}

/**
 * Whether no array or object of `text` is nested deeper than `MAX_DEPTH`, by one pass over its characters that skips
 * strings (where a `"` is always escaped). Invalid JSON may pass; `JSON.parse` refuses it.
 */
function depthWithin(text: string): boolean {
  let depth = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at);
    // '"': the string's end is the next '"' that no '\' escapes.
    if (char === 34) {
      while (++at < text.length && text.charCodeAt(at) !== 34) if (text.charCodeAt(at) === 92) at++;
    }
    // '[' and '{', then ']' and '}'.
    else if (char === 91 || char === 123) {
      if (++depth > MAX_DEPTH) return false;
    } else if (char === 93 || char === 125) depth--;
  }
  return true;
}
