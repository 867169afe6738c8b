import crypto from 'node:crypto';

/** 256-bit opaque token; only its SHA-256 is stored, so a database leak yields no usable session. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Six random digits from a CSPRNG. */
export function newSmsCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
}
