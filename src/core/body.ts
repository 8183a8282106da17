/** Shared by every read: a decode without `stream` keeps no state from one call to the next. */
const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a response body as UTF-8 text, up to `limit` bytes, chunk by chunk, counted, and raced against `aborted`, so
 * a body that stalls after the headers cannot outlive the deadline. Returns `undefined` when the body is larger than
 * `limit` (a larger body is never buffered whole; one whose Content-Length says so is not read at all), `null` when
 * it is not UTF-8 (JSON text must be, RFC 8259 §8.1), and `''` when there is none. The bytes are decoded once, when
 * all have come. One async function: each layer of them costs a call a promise and a turn of the microtask queue.
 */
export async function readText(response: Response, limit: number, aborted: Promise<never>): Promise<string | null | undefined> {
  const reader = response.body?.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = Number(response.headers.get('content-length')) > limit ? Infinity : 0;
  let bytes: BufferSource;
  let whole = false;
  try {
    while (reader && size <= limit) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
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
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}
