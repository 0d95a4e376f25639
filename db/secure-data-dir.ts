import fs from "node:fs";
import path from "node:path";

/**
 * Makes `dir` (created if missing) and everything under it owner-only: folders 0700, files 0600 (a folder left
 * open by an older version is fixed too). PGlite gives the files it writes mode 0666 whatever the umask: a file it
 * creates while running is guarded by its 0700 folders until the next pass (after opening, after closing).
 */
export function secureDataDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop()!;
    const stat = fs.lstatSync(current);
    if (stat.isSymbolicLink()) continue;
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== 0o700) fs.chmodSync(current, 0o700);
      for (const entry of fs.readdirSync(current)) pending.push(path.join(current, entry));
    } else if (stat.mode & 0o077) fs.chmodSync(current, stat.mode & 0o700);
  }
}
