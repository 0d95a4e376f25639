// The in-process runner (no Inngest configured): the scrape queue, and the scheduled jobs of registry.ts.
import { randomUUID } from "node:crypto";
import os from "node:os";
import type { Db } from "@/db";
import type { ScrapeError } from "@/lib/scraping";
import type { TScrapeOptions } from "@/lib/scraping";
import { env } from "@/lib/env";
import {
  claimRunnable,
  concurrencyKeys,
  dailyRunDue,
  type TClaimedTask,
  type TJobDefinition,
  type TTaskRow,
} from "@/lib/jobs";
import { runLocalJob, settleLocalJobs } from "./local-jobs";
import { JOBS } from "./registry";
import { recoverStuckTasks } from "@/lib/jobs";
import { releaseTask } from "@/lib/jobs";
import { runScrapeTask, SHUTDOWN, type TRunOutcome } from "./run-scrape-task";

export type TRunnerOptions = {
  concurrency?: number;
  /** Tasks of one merchant host running at once across every runner, unless the host has its own limit. */
  perHostLimit?: number;
  /** Minimum delay between two starts on one host, across every runner (SCRAPER_HOST_SPACING_MS by default). */
  hostSpacingMs?: number;
  /** A tenant's running tasks across every runner (PER_USER_LIMIT by default). */
  perUserLimit?: number;
  pollMs?: number;
  sweepMs?: number;
  stuckAfterMs?: number;
  /** Lease of a claimed task, renewed while it runs (TASK_LEASE_MS by default). */
  leaseMs?: number;
  /** How often expired leases are looked for (10 s by default). */
  recoverMs?: number;
  retryDelayMs?: (attempt: number, error: ScrapeError) => number;
  scrape?: TScrapeOptions;
  db?: Db;
  workerId?: string;
  onSettled?: (task: TTaskRow, outcome: TRunOutcome) => void;
};

// every runner of this process, so that a cancellation reaches the one executing the task
const registry = ((globalThis as unknown as { __veilleprixRunners?: Set<JobRunner> }).__veilleprixRunners ??=
  new Set());

const MINUTE_MS = 60_000;

type TActive = { task: TTaskRow; controller: AbortController; done: Promise<void> };

/**
 * A bounded worker pool over scrape_tasks. Tasks are claimed with FOR UPDATE SKIP LOCKED, so any number of
 * runners (processes) can share one database without scraping a task twice; each host's politeness
 * (concurrency, spacing) and each tenant's share hold across all of them (claim-tasks.ts).
 */
export class JobRunner {
  readonly workerId: string;
  private readonly concurrency: number;
  readonly perHostLimit: number;
  private readonly active = new Map<string, TActive>();
  private timers: NodeJS.Timeout[] = [];
  private filling: Promise<void> | null = null;
  private refill = false;
  private stopping = false;
  private running = false;
  private readonly lastDailyRun = new Map<string, string>();
  private spacingTimer: NodeJS.Timeout | null = null;
  private spacingAt = 0;
  private spacingWait: Promise<void> = Promise.resolve();

  constructor(private readonly options: TRunnerOptions = {}) {
    this.concurrency = options.concurrency ?? 4;
    this.perHostLimit =
      options.perHostLimit ??
      concurrencyKeys(JOBS.scrapeTask).find((k) => k.key === "host")?.limit ??
      env.SCRAPER_HOST_CONCURRENCY;
    this.workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    registry.add(this);
  }

  /** Aborts a task in whichever runner of this process executes it. */
  static abortEverywhere(taskId: string): boolean {
    let found = false;
    for (const runner of registry) found = runner.abort(taskId) || found;
    return found;
  }

  /** Tests: stops every runner of this process (one left running would work on the next test file's database). */
  static async stopAll(graceMs: number): Promise<void> {
    await Promise.all([...registry].map((runner) => runner.stop(graceMs)));
  }

  get activeCount(): number {
    return this.active.size;
  }

  /** Starts polling (about every second) and the scheduled jobs (every minute, daily). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopping = false;
    const poll = this.options.pollMs ?? 1000;
    const sweep = this.options.sweepMs ?? MINUTE_MS;
    this.timers.push(setInterval(() => this.wake(), poll));
    this.timers.push(setInterval(() => void this.maintain().catch(logError("maintenance")), sweep));
    this.timers.push(
      setInterval(() => void this.recover().catch(logError("reprise des tâches")), this.options.recoverMs ?? 10_000),
    );
    this.timers.push(setTimeout(() => void this.maintain().catch(logError("maintenance")), 2000));
    for (const t of this.timers) t.unref();
    this.wake();
  }

  /** Puts back in the queue the tasks whose worker died (lease passed), and runs them. */
  async recover(): Promise<void> {
    if (this.stopping) return;
    const recovered = await recoverStuckTasks({ olderThanMs: this.options.stuckAfterMs, db: this.options.db });
    if (recovered > 0) this.wake();
  }

  /** Starts the registry's scheduled jobs: the minute ones, and the daily ones whose time has come today. */
  async maintain(): Promise<void> {
    if (this.stopping) return;
    for (const def of Object.values(JOBS) as TJobDefinition[]) {
      if ("event" in def.trigger) continue;
      if ("daily" in def.trigger) {
        const day = dailyRunDue(new Date(), def.trigger.daily);
        if (!day || this.lastDailyRun.get(def.id) === day) continue;
        this.lastDailyRun.set(def.id, day);
      }
      // not awaited: a slow job (a channel endpoint, a digest) never delays the others
      void runLocalJob(def, {});
    }
    this.wake();
  }

  /** Claims and starts tasks until the pool is full or nothing is runnable. Coalesces concurrent calls. */
  wake(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    if (this.filling) {
      this.refill = true;
      return this.filling;
    }
    this.filling = (async () => {
      try {
        do {
          this.refill = false;
          await this.fill();
        } while (this.refill && !this.stopping);
      } catch (error) {
        logError("réclamation des tâches")(error);
      } finally {
        this.filling = null;
      }
    })();
    return this.filling;
  }

  /** Wakes when a host held back by its spacing may start again (one timer, the earliest). */
  private wakeIn(ms: number): void {
    const at = Date.now() + ms;
    if (this.spacingTimer && this.spacingAt <= at) return;
    if (this.spacingTimer) clearTimeout(this.spacingTimer);
    this.spacingAt = at;
    let fired = () => {};
    this.spacingWait = new Promise<void>((resolve) => (fired = resolve));
    this.spacingTimer = setTimeout(() => {
      this.spacingTimer = null;
      fired();
      void this.wake();
    }, ms);
    this.spacingTimer.unref();
  }

  private async fill(): Promise<void> {
    while (!this.stopping && this.active.size < this.concurrency) {
      const { tasks, waitMs } = await claimRunnable(this.workerId, {
        limit: this.concurrency - this.active.size,
        perHostLimit: this.perHostLimit,
        hostSpacingMs: this.options.hostSpacingMs,
        leaseMs: this.options.leaseMs,
        perUserLimit: this.options.perUserLimit,
        db: this.options.db,
      });
      if (waitMs !== null) this.wakeIn(waitMs);
      if (tasks.length === 0) return;
      for (const task of tasks) {
        // claimed during shutdown: hand it straight back
        if (this.stopping) await releaseTask(task.id, this.workerId, this.options.db);
        else this.launch(task);
      }
    }
  }

  private launch(task: TClaimedTask): void {
    const controller = new AbortController();
    const entry = { task, controller, done: Promise.resolve() } as TActive;
    entry.done = runScrapeTask(task, {
      workerId: this.workerId,
      signal: controller.signal,
      scrape: this.options.scrape,
      retryDelayMs: this.options.retryDelayMs,
      leaseMs: this.options.leaseMs,
      db: this.options.db,
    })
      .then((outcome) => this.options.onSettled?.(task, outcome))
      .catch(logError(`tâche ${task.id}`))
      .finally(() => {
        this.active.delete(task.id);
        void this.wake();
      });
    this.active.set(task.id, entry);
  }

  /** Aborts a task this runner is executing (user cancellation); true when it was running here. */
  abort(taskId: string): boolean {
    const entry = this.active.get(taskId);
    if (!entry) return false;
    entry.controller.abort("cancelled");
    return true;
  }

  /** Resolves when no task is running, nothing runnable is left and the jobs they triggered are done (tests). */
  async drain(): Promise<void> {
    for (;;) {
      await this.wake();
      if (this.active.size === 0) {
        await settleLocalJobs();
        await this.wake();
        if (this.active.size === 0 && this.spacingTimer) {
          // a host's spacing holds its tasks back a moment
          await this.spacingWait;
          continue;
        }
        if (this.active.size === 0) return;
      }
      await Promise.race([...this.active.values()].map((a) => a.done));
    }
  }

  /**
   * Stops claiming; lets running tasks finish for up to `graceMs`, then aborts the rest, which are put
   * back to 'pending' for another process.
   */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    this.running = false;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    if (this.spacingTimer) clearTimeout(this.spacingTimer);
    this.spacingTimer = null;
    await this.filling;
    const pending = [...this.active.values()].map((a) => a.done);
    const timer = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
    await Promise.race([Promise.all(pending), timer]);
    for (const a of this.active.values()) a.controller.abort(SHUTDOWN);
    await Promise.all([...this.active.values()].map((a) => a.done));
    registry.delete(this);
  }
}

function logError(what: string) {
  return (error: unknown) => console.error(`[jobs] ${what} en échec`, error);
}
