/**
 * Reads a response body as UTF-8 text, up to `limit` bytes, racing each read against `aborted`, so a body that
 * stalls after the headers cannot outlive the deadline. Returns `undefined` when the body is larger than `limit`
 * (a larger body is never buffered whole) and `''`, which is not JSON, when it is not UTF-8 (JSON text must be,
 * RFC 8259 §8.1); the stream is cancelled either way.
 */
export async function readText(
  response: Response,
  limit: number,
  aborted: Promise<never>,
): Promise<string | undefined> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let text = '';
  let size = Number(response.headers.get('content-length')) > limit ? Infinity : 0;
  try {
    while (size <= limit) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      try {
        text += decoder.decode(value, { stream: !done });
      } catch {
        return '';
      }
      if (done) return text;
      size += value.byteLength;
    }
  } finally {
    // Releases the connection of a body left unread: too large, not UTF-8, stalled or broken.
    reader.cancel().catch(() => {});
  }
}
