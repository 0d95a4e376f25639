import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The secret kept in `file` (mode 0600, its folder 0700 when created here), generated at random by whichever
 * process gets there first; an existing file readable by others is made owner-only.
 */
export function readOrCreateSecret(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    // 'wx': of several processes starting at once, exactly one creates the file; the others read it
    fs.writeFileSync(file, randomBytes(48).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    if (fs.statSync(file).mode & 0o077) fs.chmodSync(file, 0o600);
  }
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret.length < 32) throw new Error(`Secret généré illisible ou trop court : ${file}`);
  return secret;
}
