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

/**
 * Throws, before a peer that needs a newer Node is loaded, an `Error` of one line naming the Node that `subpath` needs
 * and the one running, as `checkout-lookup start` does; the peer would fail later and deep inside. Only on Node: Bun
 * and Deno report a Node version of their own, and browsers and workerd run the peer whatever they report.
 */
export function needNode(subpath: string, [major, minor]: readonly [number, number], why: string): void {
  const { process, navigator } = globalThis as {
    process?: { versions?: Record<string, string | undefined>; release?: { name?: string } };
    navigator?: { userAgent?: string };
  };
  const versions = process?.versions;
  if (process?.release?.name !== 'node' || typeof versions?.node !== 'string') return;
  if (versions.bun !== undefined || versions.deno !== undefined || navigator?.userAgent === 'Cloudflare-Workers') return;
  const [foundMajor = 0, foundMinor = 0] = versions.node.split('.').map(Number);
  if (foundMajor > major || (foundMajor === major && foundMinor >= minor)) return;
  throw new Error(`checkout-lookup/${subpath} needs Node ${major}.${minor} or later (${why}); this is Node ${versions.node}`);
}
