// Worker thread entry of analyze-in-worker.ts: one page per message, answered with its analysis.
import { parentPort } from "node:worker_threads";
import { analyzePage, type TPageInput } from "./analyze-page";

parentPort?.on("message", (job: { id: number; page: TPageInput }) => {
  parentPort?.postMessage({ id: job.id, analysis: analyzePage(job.page) });
});
