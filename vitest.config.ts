import { configDefaults, defineConfig } from "vitest/config";
import os from "node:os";
import path from "node:path";

const alias = { "@": path.resolve(import.meta.dirname) };
// vitest's default is one worker less than the cores (one on a 2-core machine); the integration files wait on
// their database and fake servers as much as they compute, and each has a database of its own. Two more workers
// than cores: the PGlite unit + integration run used ~1.4 of 2 cores with three (measured back to back on
// 2026-11-27: 182 s and 260 s of processor time with four, 201 s and 264 s with three)
const cores = os.availableParallelism();
// .ci/run collects every run's per-test durations (scripts/test-summary.mjs prints the slowest)
const jsonDir = process.env.VITEST_JSON_DIR;
// *.pg.test.ts exercise what only a PostgreSQL server can show (races between connections): they run when the
// integration tests have a server (tests/helpers/global-setup.ts), and are left out of the embedded run
const onServer = Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);
// the browser and security files: two at a time against the run's servers and its one Chromium (each file makes
// accounts of its own; a file waits on the server and the browser as much as it computes). Their group runs after
// the unit and integration files (projects of one group must share a worker count).
const browserFiles = { maxWorkers: 2, sequence: { groupOrder: 1 } };

export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: Math.max(4, cores + 2),
    ...(jsonDir
      ? {
          reporters: ["default", "json"],
          // VITEST_JSON_LABEL names the run in the summary (e.g. "postgresql")
          outputFile: {
            json: path.join(jsonDir, `${process.env.VITEST_JSON_LABEL ?? "run"}-${Date.now()}-${process.pid}.json`),
          },
        }
      : {}),
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          // the unit files share their workers' module cache (half the project's processor time, measured
          // 2026-11-27): a file that needs lib/env read under other variables stubs them and resets the modules
          // (tests/unit/health-down.test.ts, env-trusted-proxies.test.ts, hash-password.test.ts), and puts both back
          isolate: false,
          // the parser's budget and robustness tests run whole hostile pages: seconds of processor time each, which
          // a loaded machine stretches past vitest's 5 s default (they assert results, never durations)
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          // worker threads, not child processes: a fifth less processor time a file (measured 2026-11-27 on 7
          // files: 61 s against 75 s). Each thread has an environment of its own (integration-setup.ts sets it).
          pool: "threads",
          // a thread keeps its modules and its database from one file to the next (integration-setup.ts gives
          // each file the template's state and puts back what a file changed)
          isolate: false,
          include: ["tests/integration/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...(onServer ? [] : ["tests/integration/**/*.pg.test.ts"])],
          environment: "node",
          setupFiles: ["tests/helpers/integration-setup.ts"],
          globalSetup: ["tests/helpers/global-setup.ts"],
          // a file's first test also opens its copy of the migrated database: generous on a loaded machine
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/helpers/browser-setup.ts"],
          ...browserFiles,
          // an expect.poll waits on the server's answer: vitest's 1 s default was exceeded on a loaded machine (the
          // market pager's next page, 2026-11-27)
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // black-box attacks on the "bare" server started by scripts/e2e.mjs (SECURITY_BASE_URL)
          name: "security",
          include: ["tests/security/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/helpers/browser-setup.ts"],
          ...browserFiles,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
