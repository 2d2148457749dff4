/** Verifies a Google ID token (signature, issuer, audience, expiry) against Google's JWKS with jose. */
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

export interface GoogleIdentity {
  sub: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  picture: string | undefined;
}

export type GoogleVerifier = (idToken: string) => Promise<GoogleIdentity>;

export function createGoogleVerifier(opts: { clientId: string; jwksUrl: string; issuers: string[] }): GoogleVerifier {
  const jwks = createRemoteJWKSet(new URL(opts.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  return async (idToken) => {
    const { payload } = await jwtVerify<JWTPayload & Record<string, unknown>>(idToken, jwks, {
      issuer: opts.issuers,
      audience: opts.clientId,
      algorithms: ['RS256'],
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);
    return {
      sub: payload.sub!,
      email: str(payload.email)?.toLowerCase(),
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      name: str(payload.name),
      picture: str(payload.picture),
    };
  };
}
