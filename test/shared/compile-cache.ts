import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * For the environment of child processes that start wrangler again and again: Node's module compile cache (Node 22.1
 * and later; Node 20 ignores it) in one folder of the temp dir, so each later start of wrangler's bundle reuses the
 * code V8 compiled the first time instead of compiling it again. Nothing that runs changes: Node checks every entry
 * against the file it was made from and against its own version. (npm, tsc and vite enable this cache themselves.)
 * A module of its own, without run.ts's child-process types: the worker's tests, whose `NodeJS.ProcessEnv` holds
 * wrangler's generated vars, import it too.
 */
export const COMPILE_CACHE: Readonly<Record<string, string>> = { NODE_COMPILE_CACHE: join(tmpdir(), 'checkout-lookup-node-compile-cache') };
