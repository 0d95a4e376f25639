import { and, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { type Db, getDb } from "@/db";
import { alertChannelDeliveries, alertChannels } from "@/db/schema";
import { ScrapeError } from "@/lib/scraping";
import type { TChannelPayload } from "./build-channel-payload";
import { formatChannelMessage } from "./format-channel-message";
import { postToChannel, type TPostOptions } from "./post-to-channel";
import { signWebhook } from "./sign-webhook";

export const MAX_CHANNEL_ATTEMPTS = 6;
// after attempt 1, 2, … : 30 s, 2 min, 10 min, 1 h, 6 h
const BACKOFF_SECONDS = [30, 120, 600, 3600, 21_600];
const LEASE_MS = 2 * 60_000;

export type TDeliverChannelMessages = {
  /** Only these deliveries (a test), or only those of these alert events (right after they fired). */
  ids?: string[];
  alertEventIds?: string[];
  now?: Date;
  limit?: number;
  post?: TPostOptions;
  db?: Db;
};

type TDelivery = typeof alertChannelDeliveries.$inferSelect;
type TChannel = typeof alertChannels.$inferSelect;

export const channelRetryDelayMs = (attempt: number) =>
  BACKOFF_SECONDS[Math.min(Math.max(attempt, 1), BACKOFF_SECONDS.length) - 1]! * 1000;

/**
 * Sends the channel messages that are due, in parallel (a slow endpoint holds up none of the others).
 * Each row is leased first, so concurrent or overlapping runs never send one twice; a failure is retried
 * with backoff up to MAX_CHANNEL_ATTEMPTS, except refusals that cannot get better (4xx, blocked address).
 * A test message is tried once. Never throws for a failed send.
 */
export async function deliverChannelMessages(options: TDeliverChannelMessages = {}) {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const filter =
    options.ids !== undefined
      ? inArray(alertChannelDeliveries.id, nonEmpty(options.ids))
      : options.alertEventIds !== undefined
        ? inArray(alertChannelDeliveries.alertEventId, nonEmpty(options.alertEventIds))
        : undefined;
  const due = db
    .select({ id: alertChannelDeliveries.id })
    .from(alertChannelDeliveries)
    .where(
      and(
        eq(alertChannelDeliveries.status, "pending"),
        // rows default to the database's now(), which may be a hair ahead of this process's clock
        lte(alertChannelDeliveries.nextAttemptAt, sql`greatest(${now.toISOString()}::timestamptz, now())`),
        or(
          isNull(alertChannelDeliveries.claimedAt),
          lt(alertChannelDeliveries.claimedAt, new Date(now.getTime() - LEASE_MS)),
        ),
        filter,
      ),
    )
    .limit(options.limit ?? 100)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(alertChannelDeliveries)
    .set({ claimedAt: now, attempts: sql`${alertChannelDeliveries.attempts} + 1` })
    .where(inArray(alertChannelDeliveries.id, due))
    .returning();
  if (claimed.length === 0) return { sent: 0, failed: 0, retrying: 0 };
  const channels = await db
    .select()
    .from(alertChannels)
    .where(inArray(alertChannels.id, [...new Set(claimed.map((d) => d.channelId))]));
  const byId = new Map(channels.map((c) => [c.id, c]));
  // a channel deleted since the claim took its deliveries with it: nothing left to send for them
  const sendable = claimed.filter((d) => byId.has(d.channelId));
  const outcomes = await Promise.all(sendable.map((d) => sendOne(db, d, byId.get(d.channelId)!, now, options.post)));
  return {
    sent: outcomes.filter((o) => o === "sent").length,
    failed: outcomes.filter((o) => o === "failed").length,
    retrying: outcomes.filter((o) => o === "pending").length,
  };
}

const nonEmpty = (ids: string[]) => (ids.length ? ids : ["00000000-0000-0000-0000-000000000000"]);

async function sendOne(db: Db, delivery: TDelivery, channel: TChannel, now: Date, post?: TPostOptions) {
  const body = JSON.stringify(formatChannelMessage(channel.kind, delivery.payload as TChannelPayload));
  const headers: Record<string, string> = { "X-VeillePrix-Delivery": delivery.id };
  if (channel.kind === "webhook" && channel.secret) Object.assign(headers, signWebhook(channel.secret, body));
  let httpStatus: number | null = null;
  let durationMs: number | null = null;
  let error: string | null = null;
  let permanent = false;
  const started = performance.now();
  try {
    const res = await postToChannel(channel.url, body, { ...post, headers });
    httpStatus = res.status;
    durationMs = res.durationMs;
    if (res.status < 200 || res.status >= 300) {
      const snippet = res.body.replace(/\s+/g, " ").trim().slice(0, 200);
      error = `Le canal a répondu HTTP ${res.status}${snippet ? ` : ${snippet}` : ""}`;
      if (res.status >= 300 && res.status < 400) error = `Redirection refusée (HTTP ${res.status})`;
      permanent = res.status < 500 && res.status !== 408 && res.status !== 429;
    }
  } catch (e) {
    durationMs = Math.round(performance.now() - started);
    error = e instanceof Error ? e.message : String(e);
    permanent = e instanceof ScrapeError && !e.retryable;
  }
  const isTest = delivery.alertEventId === null;
  const status =
    error === null ? "sent" : permanent || isTest || delivery.attempts >= MAX_CHANNEL_ATTEMPTS ? "failed" : "pending";
  await db
    .update(alertChannelDeliveries)
    .set({
      status,
      claimedAt: null,
      httpStatus,
      durationMs,
      error,
      ...(status === "sent" ? { sentAt: sql`now()` } : {}),
      ...(status === "pending"
        ? { nextAttemptAt: new Date(now.getTime() + channelRetryDelayMs(delivery.attempts)) }
        : {}),
    })
    .where(eq(alertChannelDeliveries.id, delivery.id));
  return status;
}
