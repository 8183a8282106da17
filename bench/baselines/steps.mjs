// Baselines between bare fetch and the SDK, each adding one of the SDK's ingredients, so the per-call benchmark
// can say which ingredient costs what when the SDK misses its target:
//   1 'request': a Headers and a Request object (redirect 'manual') passed to fetch
//   2 'signal':  1 + an AbortController whose signal the Request carries, and a deadline timer
//   3 'reader':  2 + the body read chunk by chunk with a reader and a streaming TextDecoder (bounded read)
//   4 'schema':  3 + v.safeParse with the SDK's OrderSchema (the BUILT package's)
import * as v from 'valibot';

const STEPS = ['request', 'signal', 'reader', 'schema'];

export function stepGetOrder(step, OrderSchema) {
  const level = STEPS.indexOf(step);
  if (level === -1) throw new Error(`unknown step ${step}`);
  return async function getOrder(id, { baseUrl, apiKey, fetch = globalThis.fetch }) {
    const controller = level >= 1 ? new AbortController() : undefined;
    const timer = level >= 1 ? setTimeout(() => controller.abort(), 10_000) : undefined;
    try {
      const headers = new Headers();
      headers.set('Accept', 'application/json');
      headers.set('X-Timestamp', String(Date.now()));
      headers.set('X-API-KEY', apiKey);
      const url = `${baseUrl}/api/order/${encodeURIComponent(id)}`;
      const request = controller
        ? new Request(url, { headers, signal: controller.signal, redirect: 'manual' })
        : new Request(url, { headers, redirect: 'manual' });
      const response = await fetch(request);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const text = level < 2 ? await response.text() : await readText(response);
      const body = JSON.parse(text);
      if (level < 3) return body.data;
      const result = v.safeParse(OrderSchema, body.data);
      if (!result.success) throw new Error('invalid');
      return result.output;
    } finally {
      if (timer !== undefined) clearTimeout(timer);
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
