import { recordAudit } from "@/lib/audit";
import { count, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { alertChannels } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { lockOwnerPlan } from "@/lib/billing";
import { assertChannelsAllowed } from "./assert-channels-allowed";
import { presentAlertChannel } from "./present-alert-channel";
import { CHANNEL_MSG, MAX_ALERT_CHANNELS, type TCreateAlertChannel } from "./schemas";
import { newWebhookSecret } from "./sign-webhook";
import { resolveGuarded, type TResolver } from "@/lib/scraping";
import { ScrapeError } from "@/lib/scraping";
import { env } from "@/lib/env";
import { assertSchemeAllowed } from "./post-to-channel";

type TChannelGuard = { allowPrivate?: boolean; resolve?: TResolver };

/**
 * Refuses (422, French reason) a channel URL the SSRF guard would refuse to reach: scheme, credentials,
 * port, private or reserved addresses, including those its name resolves to. Checked again at every send.
 */
async function assertChannelUrl(url: string, guard: TChannelGuard = {}): Promise<void> {
  try {
    assertSchemeAllowed(url);
    await resolveGuarded(url, { allowPrivate: guard.allowPrivate ?? env.SCRAPER_ALLOW_PRIVATE_HOSTS }, guard.resolve);
  } catch (error) {
    if (error instanceof ScrapeError) {
      const message =
        error.code === "invalid_url" ? error.message.replace("Adresse de page", "Adresse du canal") : error.message;
      throw new AppError("invalid_channel_url", { detail: message, extra: { errors: { url: [message] } } });
    }
    throw error;
  }
}

/**
 * Adds a webhook, Slack or Teams channel (plans with alerts). A webhook gets a signing secret that is in
 * this answer only.
 */
export async function createAlertChannel(workspaceId: string, input: TCreateAlertChannel, guard?: TChannelGuard) {
  const db = await getDb();
  await assertChannelsAllowed(workspaceId, db);
  await assertChannelUrl(input.url, guard);
  const secret = input.kind === "webhook" ? newWebhookSecret() : null;
  const channel = await db.transaction(async (tx) => {
    // concurrent creates for one user wait here, so the count below cannot let a 21st channel in
    await lockOwnerPlan(tx, workspaceId);
    const [existing] = await tx
      .select({ n: count() })
      .from(alertChannels)
      .where(eq(alertChannels.workspaceId, workspaceId));
    if (Number(existing?.n ?? 0) >= MAX_ALERT_CHANNELS) throw new AppError("alert_channels_limit");
    const [row] = await tx
      .insert(alertChannels)
      .values({ workspaceId, kind: input.kind, name: input.name, url: input.url, secret })
      .returning();
    await recordAudit(
      tx,
      workspaceId,
      "channel.create",
      { type: "channel", id: row!.id },
      { name: input.name, kind: input.kind },
    );
    return row!;
  });
  return {
    ...presentAlertChannel(channel),
    ...(secret ? { secret } : {}),
    message: secret ? CHANNEL_MSG.createdWebhook : CHANNEL_MSG.created,
  };
}
