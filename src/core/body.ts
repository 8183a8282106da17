/** Shared by every read: a decode without `stream` keeps no state from one call to the next. */
const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a response body as UTF-8 text, up to `limit` bytes. Returns `undefined` when the body is larger than `limit`
 * (a larger body is never buffered whole), `null` when it is not UTF-8 (JSON text must be, RFC 8259 §8.1), and `''`
 * when there is none. The bytes are decoded once, when all have come.
 *
 * `native`: the response came from the runtime's own fetch, whose transport ends a body at its Content-Length and
 * follows the request's signal while the body is read. A plain Content-Length within `limit` and no Content-Encoding
 * then bound the body, which is read in one go (fewer promises and copies than a stream). Anything else (an injected
 * fetch, a compressed body, no length) is read chunk by chunk, counted, and raced against `aborted`, so a body that
 * stalls after the headers cannot outlive the deadline.
 */
export async function readText(response: Response, limit: number, aborted: Promise<never>, native = false): Promise<string | null | undefined> {
  // Stryker disable next-line StringLiteral: any text that is not digits fails the test below as '' does.
  const length = response.headers.get('content-length') ?? '';
  const bounded = /^\d+$/.test(length) && Number(length) <= limit && !response.headers.has('content-encoding');
  const bytes = native && bounded ? await response.arrayBuffer() : await readBytes(response, limit, aborted, Number(length) > limit);
  try {
    return bytes && decoder.decode(bytes);
  } catch {
    return null;
  }
}

/** The bounded read: chunk by chunk, cancelled once past `limit` (at once when the Content-Length says so: `tooLong`). */
async function readBytes(response: Response, limit: number, aborted: Promise<never>, tooLong: boolean): Promise<ArrayBuffer | undefined> {
  const reader = response.body?.getReader();
  const chunks: BlobPart[] = [];
  let size = tooLong ? Infinity : 0;
  try {
    while (reader && size <= limit) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
    // Joined once: a decode per chunk costs more than a copy (in Deno each decode is a call into the runtime).
    return size <= limit ? new Blob(chunks).arrayBuffer() : undefined;
  } finally {
    // Releases the connection of a body left unread: too large, stalled or broken.
    reader?.cancel().catch(() => {});
  }
}
