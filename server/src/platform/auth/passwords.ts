// argon2id with OWASP's minimum profile (m = 19 MiB, t = 2, p = 1).
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = {
  algorithm: 2 /* Argon2id; the enum is a const enum */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when the account does not exist so timing does not tell. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => {
  dummy ??= hashPassword(`dummy-${Math.random()}`);
  return dummy;
};
