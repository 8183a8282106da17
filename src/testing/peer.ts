/**
 * The error for an optional peer dependency that is not installed: it names the package and the command that
 * installs it. Any other error (the peer is there but fails to load) is returned as it is.
 */
export function missingPeer(name: string, subpath: string, error: unknown): unknown {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const notFound = code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND' || /cannot find (module|package)/i.test(String(message));
  if (!(notFound && String(message).includes(name))) return error;
  return new Error(
    `checkout-lookup/${subpath} needs ${name}, an optional peer dependency that is not installed. Install it with: npm install --save-dev ${name}`,
    { cause: error },
  );
}
