/** Shared by every whole-body read: a decode without `stream` keeps no state from one call to the next. */
const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a response body as UTF-8 text, up to `limit` bytes, racing the read against `aborted`, so a body that
 * stalls after the headers cannot outlive the deadline. Returns `undefined` when the body is larger than `limit`
 * (a larger body is never buffered whole), `null` when it is not UTF-8 (JSON text must be, RFC 8259 §8.1), and `''`
 * when there is none.
 *
 * `native`: the response came from the runtime's own fetch, whose transport ends a body at its Content-Length. A
 * plain Content-Length within `limit` and no Content-Encoding then bound the body, which is read in one go (fewer
 * promises and copies than a stream). Anything else (an injected fetch, a compressed body, no length) is read
 * chunk by chunk and counted.
 */
export async function readText(response: Response, limit: number, aborted: Promise<never>, native = false): Promise<string | null | undefined> {
  // Stryker disable next-line StringLiteral: any text that is not digits fails the test below as '' does.
  const length = response.headers.get('content-length') ?? '';
  const bounded = /^\d+$/.test(length) && Number(length) <= limit && !response.headers.has('content-encoding');
  return native && bounded ? readWhole(response, aborted) : readStream(response, limit, aborted, Number(length) > limit);
}

/** The body in one go; `response.body` is left untouched before, as a runtime may read faster without a stream. */
async function readWhole(response: Response, aborted: Promise<never>): Promise<string | null> {
  const bytes = await Promise.race([response.arrayBuffer(), aborted]);
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}

/** The bounded read: chunk by chunk, cancelled once past `limit` (at once when the Content-Length says so: `tooLong`). */
async function readStream(response: Response, limit: number, aborted: Promise<never>, tooLong: boolean): Promise<string | null | undefined> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const streaming = new TextDecoder('utf-8', { fatal: true });
  let text = '';
  let size = tooLong ? Infinity : 0;
  try {
    while (size <= limit) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      try {
        text += streaming.decode(value, { stream: !done });
      } catch {
        return null;
      }
      if (done) return text;
      size += value.byteLength;
    }
  } finally {
    // Releases the connection of a body left unread: too large, not UTF-8, stalled or broken.
    reader.cancel().catch(() => {});
  }
}
