import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { alertEvents } from "@/db/schema";
import { evaluateNewPrice } from "@/lib/alerts/evaluation/evaluate-new-price";
import { addPrice, addRule, alertsUser, mailsTo, makeProduct } from "./alerts-fixtures";

describe("one e-mail per user and reading", () => {
  it("a price change matching two rules sends one message listing both rules", async () => {
    const { workspaceId, account } = await alertsUser();
    const { productId, urlIds } = await makeProduct(workspaceId, { name: "Bouilloire inox" });
    const drop = await addRule(workspaceId, productId, { kind: "drop", thresholdAmount: "5.00" });
    const floor = await addRule(workspaceId, productId, { kind: "below", minPrice: "70.00" });
    await evaluateNewPrice({ priceHistoryId: await addPrice(urlIds[0]!, "78.90") });
    const entry = await addPrice(urlIds[0]!, "69.90");
    expect(await evaluateNewPrice({ priceHistoryId: entry })).toMatchObject({ status: "evaluated", sent: 1 });

    const db = await getDb();
    const events = await db.select().from(alertEvents).where(eq(alertEvents.priceHistoryId, entry));
    expect(events.map((e) => [e.ruleId, e.status]).sort()).toEqual(
      [
        [drop.id, "sent"],
        [floor.id, "sent"],
      ].sort(),
    );
    const mails = await mailsTo(account.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe("2 alertes : Bouilloire inox chez Marchand 1 (69,90\u00a0€)");
    expect(mail!.text).toContain("Baisse de prix détectée");
    expect(mail!.text).toContain("Prix sous votre minimum");

    // the same reading evaluated again sends nothing more
    await evaluateNewPrice({ priceHistoryId: entry });
    expect(await mailsTo(account.email)).toHaveLength(1);
  });
});
