// kill -9 of the process running an import, mid-way, then the import's job run again: the user owns exactly the
// file's rows, nothing lost and nothing twice. On the file's own copy of the migrated database (PostgreSQL, or a
// PGlite folder this process never opens: tests/helpers/integration-setup.ts), which the children open in turn.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { describe, expect, it } from "vitest";

const CHILD = path.resolve("tests/fixtures/import-child.ts");
const env = { ...process.env, JOBS_DISABLED: "1" };

function child(args: string[]): { proc: ChildProcess; lines: AsyncIterable<string>; exited: Promise<number | null> } {
  // one process (node with tsx's loader, not the tsx CLI, which runs the script in a second one): kill -9 ends it
  const proc = spawn(process.execPath, ["--import", "tsx", CHILD, ...args], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  return { proc, lines: readline.createInterface({ input: proc.stdout! }), exited };
}

describe("an import killed mid-way", () => {
  it("resumes after its last committed batch: the file's rows, no more, no fewer", async () => {
    const ROWS = 3000;
    const first = child(["start", String(ROWS)]);
    let ids: { importId: string; workspaceId: string } | null = null;
    for await (const line of first.lines) {
      const msg = JSON.parse(line) as { importId?: string; workspaceId?: string; done?: number };
      if (msg.importId) ids = { importId: msg.importId, workspaceId: msg.workspaceId! };
      // some batches are written, not all: kill -9, whatever it is doing
      if (msg.done !== undefined && msg.done > 0 && msg.done < ROWS / 2) {
        first.proc.kill("SIGKILL");
        break;
      }
    }
    await first.exited;
    expect(first.proc.signalCode).toBe("SIGKILL");
    expect(ids).not.toBeNull();

    const second = child(["resume", ids!.importId, ids!.workspaceId]);
    let report: Record<string, number | string> | null = null;
    for await (const line of second.lines) report = JSON.parse(line);
    expect(await second.exited).toBe(0);
    expect(report).toEqual({
      status: "done",
      done: ROWS,
      total: ROWS,
      refused: 0,
      products: ROWS / 5,
      urls: ROWS,
      tasks: ROWS,
      repeated: 0,
    });
  }, 180_000);
});
