import { keyWrong, RULES } from '../core/resolve-options.js';

const [RULE, sendable] = RULES.apiKey!;

/**
 * What the SDK says of a key it would refuse to send, `must be …; received …` after the name, never showing the key;
 * `undefined` for a key it sends. A sandbox under any other key could never be called by the SDK.
 */
export function keyRefusal(apiKey: unknown): string | undefined {
  return sendable(apiKey) ? undefined : `must be ${RULE}; received ${keyWrong(apiKey)}`;
}
