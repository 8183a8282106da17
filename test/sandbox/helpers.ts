import type { Sandbox } from '../../src/testing/index.js';

export const ORIGIN = 'https://sandbox.test';

/** A request the service would accept: the sandbox's key and a current timestamp. */
export function signed(
  sandbox: Sandbox,
  path: string,
  init: { method?: string; timestamp?: string; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Request {
  return new Request(new URL(path, ORIGIN), {
    method: init.method ?? 'GET',
    headers: { 'x-api-key': sandbox.apiKey, 'x-timestamp': init.timestamp ?? String(Date.now()), accept: 'application/json', ...init.headers },
    ...(init.signal ? { signal: init.signal } : {}),
  });
}

/** Sends a request and reads the answer as status, headers and parsed JSON body. */
// biome-ignore lint/suspicious/noExplicitAny: tests read any path of the parsed body (`body.data.status`) and compare it with toEqual
export async function call(sandbox: Sandbox, request: Request): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await sandbox.fetch(request);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) };
}
