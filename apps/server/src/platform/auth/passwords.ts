import argon2 from 'argon2';

export interface HashCost {
  memoryCost: number;
  timeCost: number;
}

/** argon2id with the configured cost (OWASP minimum by default: 19 MiB, 2 passes). */
export function hashPassword(plain: string, cost: HashCost): Promise<string> {
  return argon2.hash(plain, { type: argon2.argon2id, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 });
}

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;
/**
 * Spends the same time as a real check when the user does not exist, so timing does not tell
 * a wrong user name from a wrong password.
 */
export async function burnVerify(plain: string, cost: HashCost): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-0', cost);
  await verifyPassword(await dummyHash, plain);
  return false;
}
