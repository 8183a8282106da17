// Baselines between bare fetch and the SDK, each adding one of the SDK's ingredients, so the per-call benchmark
// can say which ingredient costs what when the SDK misses its target:
//   1 'request': a Request object with headers, redirect 'manual' and an AbortSignal, a deadline timer
//   2 'reader':  1 + the body read chunk by chunk with a reader and a streaming TextDecoder (bounded read)
//   3 'schema':  2 + v.safeParse with the SDK's OrderSchema (the BUILT package's)
import * as v from 'valibot';

export function stepGetOrder(step, OrderSchema) {
  return async function getOrder(id, { baseUrl, apiKey, fetch = globalThis.fetch }) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 10_000);
    try {
      const headers = new Headers();
      headers.set('Accept', 'application/json');
      headers.set('X-Timestamp', String(Date.now()));
      headers.set('X-API-KEY', apiKey);
      const request = new Request(`${baseUrl}/api/order/${encodeURIComponent(id)}`, {
        headers,
        signal: controller.signal,
        redirect: 'manual',
      });
      const response = await fetch(request);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const text = step === 'request' ? await response.text() : await readText(response);
      const body = JSON.parse(text);
      if (step !== 'schema') return body.data;
      const result = v.safeParse(OrderSchema, body.data);
      if (!result.success) throw new Error('invalid');
      return result.output;
    } finally {
      clearTimeout(timer);
    }
  };
}

async function readText(response, limit = 1024 * 1024) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > limit) throw new Error('too large');
    text += decoder.decode(value, { stream: true });
  }
}
