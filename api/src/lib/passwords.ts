import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the OWASP minimum (19 MiB, t=2, p=1): ~15 ms per hash on the target machine.
 * The library's default algorithm is argon2id (its `Algorithm` is a const enum we cannot import
 * under isolatedModules); tests assert the `$argon2id$` prefix.
 */
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A valid hash of a random string, verified against when the account does not exist (same timing). */
let decoyHash: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hashPassword(`decoy-${Math.random()}`);
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
