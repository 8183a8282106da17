import { abortable } from './abort.js';

/**
 * Reads a response body up to `limit` bytes while `signal` stays armed, so a body that stalls after the headers
 * cannot hang the call. Returns `undefined`, having cancelled the stream, when the body is larger than `limit`:
 * a larger body is never buffered whole.
 */
export async function readBody(response: Response, limit: number, signal: AbortSignal): Promise<Uint8Array | undefined> {
  const body = response.body;
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) {
    void body?.cancel().catch(ignore);
    return undefined;
  }
  if (body === null) return new Uint8Array(0);

  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await abortable(reader.read(), signal);
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        void reader.cancel().catch(ignore);
        return undefined;
      }
      chunks.push(value);
    }
  } catch (error) {
    void reader.cancel(error).catch(ignore);
    throw error;
  }
  if (chunks.length === 1) return chunks[0];
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Releases a body that will not be read, so its connection can be reused. */
export function discardBody(response: Response): void {
  void response.body?.cancel().catch(ignore);
}

function ignore(): void {}
