import { jwtVerify } from 'jose';
import type { Settings } from './env.js';

// Tokens are minted on the merchant's servers; a few seconds of clock drift between them and the edge is normal.
const CLOCK_TOLERANCE_SECONDS = 30;

/** A verified sign-in: the customer id and when the token expires (seconds since the epoch). */
export interface Subject {
  readonly customerId: string;
  readonly expires: number;
}

/**
 * Verifies a sign-in token: HS256 only, signed with `AUTH_SECRET`, `exp` required, `iss`/`aud` when configured.
 *
 * @returns The subject, or `undefined` for any token that fails, whatever the reason (the reason is not told).
 */
export async function verifyToken(token: string, settings: Settings): Promise<Subject | undefined> {
  try {
    const { payload } = await jwtVerify(token, settings.authSecret, {
      // Pinning the algorithm refuses `alg: none` and every algorithm confusion (RFC 8725 §3.1).
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      ...(settings.issuer === undefined ? {} : { issuer: settings.issuer }),
      ...(settings.audience === undefined ? {} : { audience: settings.audience }),
    });
    const { sub, exp } = payload;
    if (typeof sub !== 'string' || sub === '' || typeof exp !== 'number') return undefined;
    return { customerId: sub, expires: exp };
  } catch {
    return undefined;
  }
}

/** The token of an `Authorization: Bearer <token>` header, `''` when the header has another form, `undefined` when absent. */
export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('Authorization');
  if (header === null) return undefined;
  const match = /^Bearer[ ]+([A-Za-z0-9._~+/-]+=*)$/i.exec(header.trim());
  return match?.[1] ?? '';
}
