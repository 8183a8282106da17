/**
 * Reads a response body as text, up to `limit` bytes, racing each read against `aborted`, so a body that stalls
 * after the headers cannot outlive the deadline. Returns `undefined`, having cancelled the stream, when the body is
 * larger than `limit`: a larger body is never buffered whole.
 */
export async function readText(response: Response, limit: number, aborted: Promise<never>): Promise<string | undefined> {
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = Number(response.headers.get('content-length')) > limit ? Infinity : 0;
  try {
    while (reader && size <= limit) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) return text + decoder.decode();
      size += value.byteLength;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    // Releases the connection of a body left unread: too large, stalled or broken.
    reader?.cancel().catch(() => {});
  }
  return reader ? undefined : '';
}
