// Worker thread entry of analyze-in-worker.ts: one page per message, answered with its analysis.
import fs from "node:fs";
import os from "node:os";
import { parentPort } from "node:worker_threads";
import { analyzePage, type TPageInput } from "./analyze-page";

// This thread yields the CPU to the server's event loop: on Linux a thread has a nice value of its own.
try {
  os.setPriority(Number(fs.readlinkSync("/proc/thread-self").split("/").pop()), 19);
} catch {}

parentPort?.on("message", (job: { id: number; page: TPageInput }) => {
  parentPort?.postMessage({ id: job.id, analysis: analyzePage(job.page) });
});
