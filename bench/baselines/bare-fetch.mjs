// Baseline: the least a caller can write. One fetch with the same URL and headers as the SDK, JSON.parse, the
// envelope's `data`. No validation, deadline, retries, body limit or typed errors.

/** GETs `{baseUrl}/{path}{id}` and returns the envelope's `data`, unchecked. */
export async function getJson(path, id, { baseUrl, apiKey, fetch = globalThis.fetch }) {
  const response = await fetch(`${baseUrl}/${path}${encodeURIComponent(id)}`, {
    headers: { Accept: 'application/json', 'X-API-KEY': apiKey, 'X-Timestamp': String(Date.now()) },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body = JSON.parse(await response.text());
  if (body.code !== 0 && body.code !== 200) throw new Error(`code ${body.code}`);
  return body.data;
}

export const getOrder = (id, options) => getJson('api/order/', id, options);

export const getSession = (id, options) => getJson('api/checkout/session/', id, options);
