import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { alertChannelDeliveries } from "@/db/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { rateLimit } from "@/lib/core/rate-limit";
import { assertChannelsAllowed } from "./assert-channels-allowed";
import type { TChannelPayload } from "./build-channel-payload";
import { deliverChannelMessages } from "./deliver-channel-messages";
import { getAlertChannelOrThrow } from "./get-alert-channel-or-throw";
import type { TPostOptions } from "./post-to-channel";
import { presentChannelDelivery } from "./present-channel-delivery";

/** An example alert, marked as a test, so the receiver can check its set-up end to end. */
function testPayload(now: Date): TChannelPayload {
  const productId = randomUUID();
  return {
    type: "test",
    id: randomUUID(),
    created_at: now.toISOString(),
    alert: {
      kind: "drop",
      kind_label: "Baisse de prix",
      rule_description: "Baisse d'au moins 5 %",
      product_id: productId,
      product_name: "Produit d'exemple",
      product_link: `${env.appUrl}/products`,
      merchant_name: "Marchand d'exemple",
      merchant_url: env.appUrl,
      old_price: "129.99",
      new_price: "119.99",
      currency: "EUR",
      available: true,
      observed_at: now.toISOString(),
    },
  };
}

/** Sends a test message to one of the user's channels now (one attempt) and returns its log line. */
export async function sendChannelTest(workspaceId: string, channelId: string, post?: TPostOptions) {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const channel = await getAlertChannelOrThrow(workspaceId, channelId, tx, "key share");
    await assertChannelsAllowed(workspaceId, tx);
    await rateLimit(`channel-test:${workspaceId}`, 10, 10 * 60_000, { db: tx });
    const [inserted] = await tx
      .insert(alertChannelDeliveries)
      .values({ channelId: channel.id, workspaceId, alertEventId: null, payload: testPayload(new Date()) })
      .returning();
    return inserted!;
  });
  await deliverChannelMessages({ ids: [row.id], post, db });
  const [done] = await db.select().from(alertChannelDeliveries).where(eq(alertChannelDeliveries.id, row.id));
  // the channel was deleted meanwhile (its log went with it)
  if (!done) throw new AppError("alert_channel_not_found");
  const delivery = presentChannelDelivery(done);
  return {
    delivery,
    message: delivery.status === "sent" ? "Message de test envoyé" : `Échec de l'envoi du test : ${delivery.error}`,
  };
}
