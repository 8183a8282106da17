import type { Deadline } from './deadline.js';

/** Shared by every read: a decode without `stream` keeps no state from one call to the next. */
const decoder = new TextDecoder();
/** The same decode, refusing what is not UTF-8: asked only of a text that holds U+FFFD. */
const strict = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a response body as UTF-8 text, up to `limit` bytes, chunk by chunk, counted. Returns `undefined` when the
 * body is larger than `limit` (a larger body is never buffered whole; one whose Content-Length says so is not read
 * at all), `null` when it is not UTF-8 (JSON text must be, RFC 8259 §8.1), and `''` when there is none. The bytes
 * are decoded once, when all have come. One async function: each layer of them costs a call a promise and a turn of
 * the microtask queue.
 *
 * An abort of the call's signal (`time.until`) cancels the body, which ends a read under way at once, whatever the
 * stream's source does, so a body that stalls after the headers cannot outlive the deadline: the read then rejects
 * with the signal's reason.
 */
export async function readText(response: Response, limit: number, time: Pick<Deadline, 'until'>): Promise<string | null | undefined> {
  const reader = response.body?.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = Number(response.headers.get('content-length')) > limit ? Infinity : 0;
  let bytes: BufferSource;
  let whole = false;
  // Set once the signal aborts: a cancelled read ends as if the body had.
  let stopped: { reason: unknown } | undefined;
  time.until((reason) => {
    stopped = { reason };
    reader?.cancel(reason).catch(() => {});
  });
  try {
    while (reader && size <= limit) {
      const { done, value } = await reader.read();
      if (stopped) throw stopped.reason;
      whole = done;
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
    if (size > limit) return undefined;
    // Joined once (a decode per chunk costs more: in Deno each is a call into the runtime); a Blob only for several.
    // Stryker disable next-line ConditionalExpression: the Blob joins one chunk into the same bytes, only slower.
    bytes = chunks.length === 1 ? chunks[0]! : await new Blob(chunks).arrayBuffer();
  } finally {
    // Releases the connection of a body left unread: too large, stalled or broken. One read to its end has nothing
    // to release (the cancel cost a call 0.5 to 2 µs).
    // Stryker disable next-line ConditionalExpression: cancelling a body read to its end changes nothing but the time; never cancelling is the initial value's mutant.
    if (!whole) reader?.cancel().catch(() => {});
  }
  // A decode that replaces what is not UTF-8 with U+FFFD, and a strict one only when one is there (the character may
  // also be sent as such): the strict decoder alone costs a call a µs in Deno.
  const text = decoder.decode(bytes);
  // Stryker disable next-line ConditionalExpression,StringLiteral: decoding strictly every time gives the same text (and null for what is not UTF-8), only slower.
  if (!text.includes('\uFFFD')) return text;
  try {
    return strict.decode(bytes);
  } catch {
    return null;
  }
}
