import { describe, expect, it } from "vitest";
import { describeRule } from "@/lib/alerts/rules/describe-rule";
import { formatPriceVariation } from "@/lib/alerts/delivery/format-price-variation";
import { bigCentsToDecimal, toBigCents } from "@/lib/alerts/evaluation/cents";
import { confirmsPrice } from "@/lib/alerts/evaluation/confirms-price";
import { evaluateRule } from "@/lib/alerts/evaluation/evaluate-rule";
import { isBigJump } from "@/lib/alerts/evaluation/is-big-jump";
import { isInCooldown } from "@/lib/alerts/evaluation/is-in-cooldown";
import { pickPreviousPrice } from "@/lib/alerts/evaluation/pick-previous-price";
import type { TRuleInput, TRuleParams } from "@/lib/alerts/evaluation/types";
import { ALERT_MSG, ZCreateAlertRule } from "@/lib/alerts/schemas";

const rule = (kind: TRuleParams["kind"], p: Partial<TRuleParams> = {}): TRuleParams => ({
  kind,
  thresholdAmount: null,
  thresholdPercent: null,
  minPrice: null,
  maxPrice: null,
  ...p,
});

function run(r: TRuleParams, current: string | null, previous: string | null, extra: Partial<TRuleInput> = {}) {
  return evaluateRule({
    rule: r,
    current: { price: current, available: true },
    previousPrice: previous,
    previousAvailable: previous === null ? null : true,
    referencePrice: null,
    armed: true,
    ...extra,
  });
}

describe("cents", () => {
  it("parses decimal strings exactly, without floats", () => {
    expect(toBigCents("12.3")).toBe(1230n);
    expect(toBigCents("0.1")).toBe(10n);
    expect(toBigCents("1299.99")).toBe(129999n);
    expect(toBigCents("-5")).toBe(-500n);
    expect(toBigCents(null)).toBeNull();
    expect(toBigCents("abc")).toBeNull();
    expect(bigCentsToDecimal(129999n)).toBe("1299.99");
    expect(bigCentsToDecimal(5n)).toBe("0.05");
  });
});

describe("any_change", () => {
  const r = rule("any_change");
  it("fires on any move of at least one cent, never on equal prices or the first check", () => {
    expect(run(r, "99.99", "100.00").fire).toBe(true);
    expect(run(r, "100.01", "100.00").fire).toBe(true);
    expect(run(r, "100.00", "100.00").fire).toBe(false);
    expect(run(r, "100", "100.00").fire).toBe(false);
    expect(run(r, "100.00", null).fire).toBe(false);
  });
});

describe("drop and rise", () => {
  it("drop by amount: fires at exactly the amount, not one cent less", () => {
    const r = rule("drop", { thresholdAmount: "10.00" });
    expect(run(r, "90.00", "100.00").fire).toBe(true);
    expect(run(r, "90.01", "100.00").fire).toBe(false);
    expect(run(r, "110.00", "100.00").fire).toBe(false);
    expect(run(r, "80.00", null).fire).toBe(false);
  });

  it("drop by percent: boundary at exactly X % of the previous price", () => {
    const r = rule("drop", { thresholdPercent: "10.00" });
    expect(run(r, "90.00", "100.00").fire).toBe(true);
    expect(run(r, "90.01", "100.00").fire).toBe(false);
    const odd = rule("drop", { thresholdPercent: "12.50" });
    expect(run(odd, "69.99", "79.99").fire).toBe(true); // 12.50 % of 79.99 = 9.99875
    expect(run(odd, "70.00", "79.99").fire).toBe(false); // 9.99 < 9.99875
  });

  it("rise by amount and by percent", () => {
    expect(run(rule("rise", { thresholdAmount: "5" }), "105.00", "100.00").fire).toBe(true);
    expect(run(rule("rise", { thresholdAmount: "5" }), "104.99", "100.00").fire).toBe(false);
    expect(run(rule("rise", { thresholdAmount: "5" }), "90.00", "100.00").fire).toBe(false);
    expect(run(rule("rise", { thresholdPercent: "20" }), "120.00", "100.00").fire).toBe(true);
    expect(run(rule("rise", { thresholdPercent: "20" }), "119.99", "100.00").fire).toBe(false);
  });
});

describe("level rules: below, above, out_of_range, below_reference", () => {
  it("below: strictly under the minimum fires, the minimum itself is inside", () => {
    const r = rule("below", { minPrice: "50.00" });
    expect(run(r, "49.99", "60.00")).toEqual({ fire: true, armed: false });
    expect(run(r, "50.00", "60.00")).toEqual({ fire: false, armed: true });
  });

  it("above: strictly over the maximum fires", () => {
    const r = rule("above", { maxPrice: "80.00" });
    expect(run(r, "80.01", "70.00")).toEqual({ fire: true, armed: false });
    expect(run(r, "80.00", "70.00")).toEqual({ fire: false, armed: true });
  });

  it("out_of_range: leaving [min, max] on either side", () => {
    const r = rule("out_of_range", { minPrice: "50.00", maxPrice: "80.00" });
    expect(run(r, "49.99", "60.00").fire).toBe(true);
    expect(run(r, "80.01", "60.00").fire).toBe(true);
    expect(run(r, "50.00", "60.00").fire).toBe(false);
    expect(run(r, "80.00", "60.00").fire).toBe(false);
  });

  it("below_reference: under the product's reference price; no reference, no alert", () => {
    const r = rule("below_reference");
    expect(run(r, "99.99", "120", { referencePrice: "100.00" }).fire).toBe(true);
    expect(run(r, "100.00", "120", { referencePrice: "100.00" }).fire).toBe(false);
    expect(run(r, "1.00", "120", { referencePrice: null })).toEqual({ fire: false, armed: true });
  });

  it("count the first check", () => {
    expect(run(rule("below", { minPrice: "50" }), "40.00", null).fire).toBe(true);
    expect(run(rule("above", { maxPrice: "50" }), "60.00", null).fire).toBe(true);
    expect(run(rule("out_of_range", { minPrice: "10", maxPrice: "20" }), "25.00", null).fire).toBe(true);
    expect(run(rule("below_reference"), "9.00", null, { referencePrice: "10" }).fire).toBe(true);
  });

  it("fire once while out, re-arm when the price comes back, fire again on the next crossing", () => {
    const r = rule("below", { minPrice: "50.00" });
    let armed = true;
    const seen: boolean[] = [];
    for (const price of ["49.00", "48.00", "45.00", "55.00", "49.50"]) {
      const out = run(r, price, "60.00", { armed });
      seen.push(out.fire);
      armed = out.armed;
    }
    expect(seen).toEqual([true, false, false, false, true]);
  });
});

describe("stock rules", () => {
  const stock = (
    kind: "back_in_stock" | "out_of_stock",
    before: boolean | null,
    now: boolean,
    price: string | null = "10.00",
  ) =>
    evaluateRule({
      rule: rule(kind),
      current: { price, available: now },
      previousPrice: "10.00",
      previousAvailable: before,
      referencePrice: null,
      armed: true,
    }).fire;

  it("back_in_stock fires on unavailable → available only", () => {
    expect(stock("back_in_stock", false, true)).toBe(true);
    expect(stock("back_in_stock", true, true)).toBe(false);
    expect(stock("back_in_stock", null, true)).toBe(false);
  });

  it("out_of_stock fires on available → unavailable (with or without a price)", () => {
    expect(stock("out_of_stock", true, false)).toBe(true);
    expect(stock("out_of_stock", true, false, null)).toBe(true);
    expect(stock("out_of_stock", false, false)).toBe(false);
    expect(stock("out_of_stock", null, false)).toBe(false);
  });
});

describe("missing prices never alert", () => {
  it("a price-less 'available' entry (blocked or broken page) fires no rule and keeps the arming", () => {
    const kinds = [
      "any_change",
      "drop",
      "rise",
      "below",
      "above",
      "out_of_range",
      "below_reference",
      "back_in_stock",
    ] as const;
    for (const kind of kinds) {
      const out = evaluateRule({
        rule: rule(kind, { thresholdAmount: "1", minPrice: "50", maxPrice: "60" }),
        current: { price: null, available: true },
        previousPrice: "55.00",
        previousAvailable: false,
        referencePrice: "100",
        armed: false,
      });
      expect(out, kind).toEqual({ fire: false, armed: false });
    }
  });
});

describe("big jumps and confirmation", () => {
  it("a move of more than 50 % needs confirmation; exactly 50 % does not", () => {
    expect(isBigJump("100.00", "49.99")).toBe(true);
    expect(isBigJump("100.00", "50.00")).toBe(false);
    expect(isBigJump("100.00", "150.00")).toBe(false);
    expect(isBigJump("100.00", "150.01")).toBe(true);
    expect(isBigJump(null, "1.00")).toBe(false);
  });

  it("a second fetch within 2 % confirms", () => {
    expect(confirmsPrice("40.00", "40.80")).toBe(true);
    expect(confirmsPrice("40.00", "40.81")).toBe(false);
    expect(confirmsPrice("40.00", null)).toBe(false);
  });
});

describe("cooldown", () => {
  const now = new Date("2026-01-01T12:00:00Z");
  it("blocks until the cooldown is over", () => {
    expect(isInCooldown(new Date("2026-01-01T11:00:01Z"), 60, now)).toBe(true);
    expect(isInCooldown(new Date("2026-01-01T11:00:00Z"), 60, now)).toBe(false);
    expect(isInCooldown(null, 60, now)).toBe(false);
    expect(isInCooldown(new Date("2026-01-01T11:59:59Z"), 0, now)).toBe(false);
  });
});

describe("presentation", () => {
  it("variation in euros and percent, fr-FR", () => {
    expect(formatPriceVariation("129.99", "119.99")).toEqual({ text: "-10,00\u00a0€ (-7,69 %)", direction: "down" });
    expect(formatPriceVariation("100.00", "150.00")).toEqual({ text: "+50,00\u00a0€ (+50,00 %)", direction: "up" });
    expect(formatPriceVariation(null, "10")).toEqual({ text: null, direction: null });
  });

  it("describes rules in French", () => {
    const base = { threshold_amount: null, threshold_percent: null, min_price: null, max_price: null };
    expect(describeRule({ ...base, kind: "drop", threshold_percent: "10.00" })).toBe("Baisse d'au moins 10 %");
    expect(describeRule({ ...base, kind: "rise", threshold_amount: "5.00" })).toBe("Hausse d'au moins 5,00\u00a0€");
    expect(describeRule({ ...base, kind: "out_of_range", min_price: "50", max_price: "80" })).toBe(
      "Prix hors de la fourchette 50,00\u00a0€ – 80,00\u00a0€",
    );
  });
});

describe("ZCreateAlertRule", () => {
  it("normalises amounts and drops parameters the kind ignores", () => {
    const out = ZCreateAlertRule.parse({ kind: "below", min_price: "49,9", max_price: "80", threshold_percent: "" });
    expect(out).toMatchObject({
      kind: "below",
      min_price: "49.90",
      max_price: null,
      threshold_percent: null,
      cooldown_minutes: 60,
      active: true,
      url_id: null,
    });
  });

  it.each([
    [{ kind: "drop" }, ALERT_MSG.thresholdRequired],
    [{ kind: "drop", threshold_amount: "5", threshold_percent: "5" }, ALERT_MSG.thresholdBoth],
    [{ kind: "below" }, ALERT_MSG.minRequired],
    [{ kind: "above", max_price: "-3" }, ALERT_MSG.amount],
    [{ kind: "out_of_range", min_price: "80", max_price: "50" }, ALERT_MSG.minBelowMax],
    [{ kind: "drop", threshold_percent: "1001" }, ALERT_MSG.percent],
    [{ kind: "any_change", cooldown_minutes: 10_081 }, ALERT_MSG.cooldown],
    [{ kind: "any_change", cooldown_minutes: "0x10" }, ALERT_MSG.cooldown],
    [{ kind: "any_change", cooldown_minutes: "1e2" }, ALERT_MSG.cooldown],
    [{ kind: "nope" }, ALERT_MSG.kind],
  ])("refuses %o", (input, message) => {
    const result = ZCreateAlertRule.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(message);
  });
});

describe("pickPreviousPrice", () => {
  it("skips a lone spike that the new price undoes", () => {
    expect(pickPreviousPrice("100.00", "9.99", "100.00")).toBe("100.00");
    expect(pickPreviousPrice("100.00", "250.00", "99.00")).toBe("99.00");
  });
  it("keeps the latest price otherwise", () => {
    expect(pickPreviousPrice("40.00", "9.99", "100.00")).toBe("9.99"); // not undone
    expect(pickPreviousPrice("95.00", "90.00", "100.00")).toBe("90.00"); // no spike
    expect(pickPreviousPrice("95.00", "90.00", null)).toBe("90.00");
    expect(pickPreviousPrice(null, "90.00", "100.00")).toBe("90.00");
  });
});

describe("promotion-check rules", () => {
  it("fire only on the entry that opened a flag of their kind, whatever the price move", () => {
    for (const kind of ["suspect_promotion", "below_min_advertised"] as const) {
      expect(run(rule(kind), "90.00", "100.00").fire).toBe(false);
      expect(run(rule(kind), "90.00", "90.00", { flags: [kind] }).fire).toBe(true);
      const other = kind === "suspect_promotion" ? "below_min_advertised" : "suspect_promotion";
      expect(run(rule(kind), "90.00", "100.00", { flags: [other] }).fire).toBe(false);
    }
    expect(ZCreateAlertRule.parse({ kind: "suspect_promotion", min_price: "12" })).toMatchObject({ min_price: null });
    expect(
      describeRule({
        ...rule("below_min_advertised"),
        threshold_amount: null,
        threshold_percent: null,
        min_price: null,
        max_price: null,
      }),
    ).toContain("prix minimum annoncé");
  });
});
