import { hash, verify } from "@node-rs/argon2";

// argon2id, OWASP minimum (19 MiB, 2 passes, 1 lane): ~30 ms on one core of a 2-core server.
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
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
