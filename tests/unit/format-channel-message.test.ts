import { describe, expect, it } from "vitest";
import type { TChannelPayload } from "@/lib/alerts/channels/build-channel-payload";
import { formatChannelMessage } from "@/lib/alerts/channels/format-channel-message";

const payload = (alert: Partial<TChannelPayload["alert"]>): TChannelPayload => ({
  type: "alert",
  id: "7f6c2b1e-0000-4000-8000-000000000001",
  created_at: "2026-11-20T08:00:00.000Z",
  alert: {
    kind: "drop",
    kind_label: "Baisse de prix",
    rule_description: "Baisse d'au moins 5 %",
    product_id: "7f6c2b1e-0000-4000-8000-000000000002",
    product_name: "Casque",
    product_link: "https://app.exemple.fr/products/7f6c2b1e-0000-4000-8000-000000000002",
    merchant_name: "Fnac",
    merchant_url: "https://www.fnac.com/casque",
    old_price: "129.99",
    new_price: "119.99",
    currency: "EUR",
    available: true,
    observed_at: "2026-11-20T08:00:00.000Z",
    ...alert,
  },
});

type TSlack = { text: string; blocks: { type: string; fields?: { text: string }[] }[] };

describe("Slack message", () => {
  it("escapes user text so a product or merchant name cannot mention @channel nor forge a link", () => {
    const body = formatChannelMessage(
      "slack",
      payload({
        product_name: "Promo <!channel> & <https://pirate.example|Fnac>",
        merchant_name: "Boutique <!here>",
        merchant_url: "https://www.exemple.fr/a|b>c",
      }),
    ) as TSlack;
    expect(body.text).toContain("Promo &lt;!channel&gt; &amp; &lt;https://pirate.example|Fnac&gt;");
    expect(body.text).not.toMatch(/<!channel>|<https:/);
    const fields = body.blocks.find((b) => b.type === "section")!.fields!.map((f) => f.text);
    expect(fields[0]).toBe("*Marchand*\n<https://www.exemple.fr/a%7Cb%3Ec|Boutique &lt;!here&gt;>");
  });

  it("leaves ordinary text as it is", () => {
    const body = formatChannelMessage("slack", payload({})) as TSlack;
    expect(body.text).toMatch(/^Baisse de prix.* : Casque \(129,99\s€ → 119,99\s€\)$/);
    expect(body.blocks[1]!.fields![0]!.text).toBe("*Marchand*\n<https://www.fnac.com/casque|Fnac>");
  });
});

describe("Teams message", () => {
  it("shows the facts as written: a name in Markdown link syntax is not a link", () => {
    const body = formatChannelMessage("teams", payload({ merchant_name: "[Cliquez](https://pirate.example)" })) as {
      sections: { markdown: boolean; facts: { name: string; value: string }[] }[];
    };
    expect(body.sections[0]!.markdown).toBe(false);
    expect(body.sections[0]!.facts[0]).toEqual({ name: "Marchand", value: "[Cliquez](https://pirate.example)" });
  });
});
