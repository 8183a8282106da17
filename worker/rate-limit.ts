import type { Settings } from './env.js';
import type { Subject } from './auth.js';

// The binding answers yes or no and does not say when its window ends; its period is 10 or 60 seconds, so 60
// is a wait after which a client is always let through again.
export const RETRY_AFTER_SECONDS = 60;

/** Counts one lookup for the signed-in customer; `true` when they are over the limit. No binding, no limit. */
export async function overLimit(subject: Subject, settings: Settings): Promise<boolean> {
  if (settings.rateLimiter === undefined) return false;
  const { success } = await settings.rateLimiter.limit({ key: subject.customerId });
  return !success;
}
