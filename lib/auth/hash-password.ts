import { hash, verify } from "@node-rs/argon2";
import { env } from "@/lib/env";

// argon2id, OWASP minimum (19 MiB, 2 passes, 1 lane): ~30 ms on one core of a 2-core server.
export const PASSWORD_HASH_OPTIONS = {
  algorithm: 2 /* Argon2id */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;
// The integration tests sign up ~300 accounts a run (two hashes each): argon2id at its floor there, and only
// there (env.fastPasswordHash needs NODE_ENV=test). Unit tests and the e2e servers hash at the cost above.
const TEST_OPTIONS = { ...PASSWORD_HASH_OPTIONS, memoryCost: 64, timeCost: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, env.fastPasswordHash ? TEST_OPTIONS : PASSWORD_HASH_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against unknown e-mails so that both answers take the same time.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  return (dummyHash ??= hashPassword("veilleprix-dummy-password"));
}
