import { afterAll, describe, expect, it } from "vitest";
import { GET as listChannels, POST as createChannel } from "@/app/api/alert-channels/route";
import { DELETE as deleteChannel } from "@/app/api/alert-channels/[id]/route";
import { GET as listDeliveries } from "@/app/api/alert-channels/[id]/deliveries/route";
import { POST as testChannel } from "@/app/api/alert-channels/[id]/test/route";
import { GET as changes } from "@/app/api/insights/changes/route";
import { GET as alertEvents } from "@/app/api/products/[id]/alert-events/route";
import { GET as flags } from "@/app/api/insights/flags/route";
import { GET as merchants } from "@/app/api/insights/merchants/route";
import { GET as overviewCsv } from "@/app/api/insights/overview.csv/route";
import { GET as overviewXlsx } from "@/app/api/insights/overview.xlsx/route";
import { GET as overview } from "@/app/api/insights/overview/route";
import { PUT as updateProduct } from "@/app/api/products/[id]/route";
import { GET as candidates } from "@/app/api/products/[id]/urls/[urlId]/candidates/route";
import { PUT as priceSource } from "@/app/api/products/[id]/urls/[urlId]/price-source/route";
import { POST as unsubscribe } from "@/app/api/reports/unsubscribe/route";
import { GET as getPrefs, PUT as putPrefs } from "@/app/api/users/me/report-preferences/route";
import { signReportUnsubscribeToken } from "@/lib/reports/report-links";
import { call } from "../helpers/api";
import { alertsUser, makeProduct } from "./alerts-fixtures";
import { closeReceivers, expectFrench4xx, NIL, webhookOf } from "./bad-input-fixtures";

// The market view, report preferences and the price picker, tried as an attacker: a French 4xx in the API's
// error shape, nothing changed, never a 500. Channels and unsubscribe links: http-bad-input-channels.test.ts.

// 100,000 levels of nesting: 200 KB, under the body limit
const DEEP = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;

afterAll(closeReceivers);

describe("market view, report preferences and price picker: bad input", () => {
  it("answers absurd query parameters of the market view with a French 422, and 401 without credentials", async () => {
    const { token } = await alertsUser();
    const cases: [unknown, Record<string, string>, string][] = [
      [changes, { limit: "-1" }, "La limite doit être un entier entre 1 et 500"],
      [changes, { limit: "1e9" }, "La limite doit être un entier entre 1 et 500"],
      [changes, { limit: "abc" }, "La limite doit être un entier entre 1 et 500"],
      [changes, { period: "month" }, "La période doit être day ou week"],
      [changes, { kind: "hausse" }, "Le type doit être all, drop, rise, out_of_stock, back_in_stock ou new_cheapest"],
      [flags, { limit: "0" }, "La limite doit être un entier entre 1 et 100"],
      [flags, { status: "closed" }, "L'état doit être « open », « resolved » ou « all »"],
      [flags, { product_id: "1 or 1=1" }, "Produit introuvable"],
      [
        overview,
        { sort: "price; drop table products" },
        "Le tri doit être gap_to_cheapest, gap_to_average, price_index, name ou position",
      ],
      [overview, { order: "up" }, "L'ordre doit être asc ou desc"],
      [overview, { q: "x".repeat(201) }, "La recherche ne doit pas dépasser 200 caractères"],
      [overviewCsv, { dialect: "lotus" }, "Le dialecte doit être excel ou standard"],
      [overviewXlsx, { position: "first" }, "La position doit être all, cheapest, aligned, dearer ou no_market"],
      [
        merchants,
        { sort: "evil" },
        "Le tri doit être cheapest_rate, average_gap, out_of_stock_rate, products ou domain",
      ],
      [merchants, { q: "\u0000" }, "Les caractères nuls (U+0000) ne sont pas acceptés"],
    ];
    for (const [handler, query, detail] of cases) {
      const res = await call(handler as never, "/x", { token, query });
      expectFrench4xx(res, 422);
      expect(res.json.detail).toBe(detail);
    }
    // a repeated parameter is read once (the last), never as an array that reaches the query
    const repeated = await call(changes, "/x?limit=5&limit=abc", { token });
    expect(repeated.json.detail).toBe("La limite doit être un entier entre 1 et 500");
    // control characters and LIKE wildcards in the search are plain text
    for (const q of ["\u0001\u001b[31m", "%_\\'"]) {
      expect((await call(overview, "/x", { token, query: { q } })).status).toBe(200);
      expect((await call(merchants, "/x", { token, query: { q } })).status).toBe(200);
    }
    for (const handler of [overview, overviewCsv, overviewXlsx, merchants, changes, flags]) {
      expectFrench4xx(await call(handler as never, "/x"), 401);
    }
  });

  it("asks for authentication on every channel, report-preference and price-picker route", async () => {
    const params = { id: NIL, urlId: NIL };
    for (const [handler, method] of [
      [listChannels, "GET"],
      [createChannel, "POST"],
      [deleteChannel, "DELETE"],
      [testChannel, "POST"],
      [listDeliveries, "GET"],
      [getPrefs, "GET"],
      [putPrefs, "PUT"],
      [candidates, "GET"],
      [priceSource, "PUT"],
    ] as const) {
      const body = method === "GET" ? undefined : { frequency: "off", automatic: true };
      const res = await call(handler as never, "/x", { method, params, body });
      expect([res.status, res.json.detail]).toEqual([401, "Authentification requise"]);
    }
  });

  it("neutralises a product name written as a spreadsheet formula in the overview export", async () => {
    const { token, workspaceId } = await alertsUser();
    await makeProduct(workspaceId, { name: '=HYPERLINK("https://pirate.example","Cliquez")', referencePrice: "10.00" });
    const csv = await call(overviewCsv, "/x", { token, query: { dialect: "standard" } });
    expect(csv.status).toBe(200);
    expect(csv.text.split("\r\n")[1]).toMatch(/^"'=HYPERLINK\(""https:\/\/pirate\.example"",""Cliquez""\)",/);
  });

  it("answers a body that is not a JSON object, or nested without end, with a French 4xx", async () => {
    const { token, workspaceId } = await alertsUser();
    const { productId, urlIds } = await makeProduct(workspaceId);
    const picker = { token, method: "PUT", params: { id: productId, urlId: urlIds[0]! } };
    const routes = [
      [createChannel, { token }],
      [putPrefs, { token, method: "PUT" }],
      [priceSource, picker],
    ] as const;
    for (const [handler, options] of routes) {
      for (const rawBody of [DEEP, `{"a":${DEEP}}`, "[]", "null", "5", '"texte"']) {
        const res = await call(handler as never, "/x", {
          ...options,
          rawBody,
          headers: { "content-type": "application/json" },
        });
        // nesting past 64 levels is refused before parsing (400); a shallow non-object is a validation error
        expectFrench4xx(res, rawBody.startsWith("[[") || rawBody.startsWith('{"a":[') ? 400 : 422);
      }
      const form = await call(handler as never, "/x", {
        ...options,
        rawBody: "kind=webhook&frequency=daily",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect([form.status, form.json.detail]).toEqual([400, "Corps de requête JSON invalide"]);
    }
    const array = await call(putPrefs, "/x", { token, method: "PUT", body: [] });
    expect(array.json.detail).toBe("Corps de requête invalide : un objet JSON est attendu");
    expect((await call(listChannels, "/x", { token })).json.channels).toEqual([]);
    expect((await call(getPrefs, "/x", { token })).json.frequency).toBe("off");
  });

  it("refuses a NUL byte in every text field of the new bodies and queries, changing nothing", async () => {
    const { token, workspaceId, userId } = await alertsUser();
    const { productId, urlIds } = await makeProduct(workspaceId);
    const nul = "x\u0000y";
    const attempts = [
      call(createChannel, "/x", { token, body: { kind: "webhook", name: nul, url: "https://hooks.exemple.fr/h" } }),
      call(createChannel, "/x", { token, body: { kind: nul, name: "x", url: "https://hooks.exemple.fr/h" } }),
      call(createChannel, "/x", { token, body: { kind: "slack", name: "x", url: `https://hooks.exemple.fr/${nul}` } }),
      call(putPrefs, "/x", { method: "PUT", token, body: { frequency: `weekly${nul}` } }),
      call(priceSource, "/x", {
        method: "PUT",
        token,
        params: { id: productId, urlId: urlIds[0]! },
        body: { candidate_id: nul },
      }),
      call(updateProduct, "/x", {
        method: "PUT",
        token,
        params: { id: productId },
        body: { name: "A", min_advertised_price: `5${nul}` },
      }),
      call(unsubscribe, "/x", {
        method: "POST",
        query: { token: `${signReportUnsubscribeToken({ workspaceId, userId })}${nul}` },
      }),
      call(changes, "/x", { token, query: { period: `day${nul}` } }),
      call(flags, "/x", { token, query: { kind: nul } }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect([res.status, res.json.code]).toEqual([422, "invalid_characters"]);
    }
    expect((await call(listChannels, "/x", { token })).json.channels).toEqual([]);
    expect((await call(getPrefs, "/x", { token })).json.frequency).toBe("off");
  });

  it("answers a bad delivery-log or alert-log limit and a bad price choice in French", async () => {
    const { token, workspaceId } = await alertsUser();
    const { id } = await webhookOf(token);
    for (const limit of ["-1", "0", "1e9", "abc", "2.5", "0x10", "0b11", "+5", " 5", "1e1", ""]) {
      const res = await call(listDeliveries, "/x", { token, params: { id }, query: { limit } });
      expectFrench4xx(res, 422);
      expect(res.json.detail).toBe("La limite doit être un entier entre 1 et 100");
    }
    const { productId, urlIds } = await makeProduct(workspaceId);
    const events = await call(alertEvents, "/x", { token, params: { id: productId }, query: { limit: "-1" } });
    expect([events.status, events.json.detail]).toEqual([422, "La limite doit être un entier entre 1 et 100"]);
    const params = { id: productId, urlId: urlIds[0]! };
    for (const body of [
      { candidate_id: "" },
      { candidate_id: "x".repeat(65) },
      { candidate_id: 5 },
      { selector: "" },
      { selector: "div\u0001[" },
      { selector: "a".repeat(501) },
      { automatic: false },
      { automatic: true, selector: ".prix" },
      { selector: ".prix", foo: 1 },
      { candidate_id: "x", note: "y" },
      { selector: ".prix\u0000" },
    ]) {
      expectFrench4xx(await call(priceSource, "/x", { method: "PUT", token, params, body }), 422);
    }
  });
});
