import { describe, expect, it } from "vitest";
import { POST as queueScrape } from "@/app/api/queue/scrape/route";
import { GET as task } from "@/app/api/queue/tasks/[taskId]/route";
import { GET as productHistory } from "@/app/api/products/[id]/history/route";
import { GET as getOne, PUT as update } from "@/app/api/products/[id]/route";
import { DELETE as deleteUrl } from "@/app/api/products/[id]/urls/[urlId]/route";
import { POST as create } from "@/app/api/products/route";
import { GET as invoicePdf } from "@/app/api/payments/invoices/[id]/pdf/route";
import { DELETE as revoke } from "@/app/api/tokens/[id]/route";
import { GET as urlHistory } from "@/app/api/scraping/urls/[urlId]/history/route";
import { withPublic } from "@/lib/http/with-auth";
import { call, signUp } from "../helpers/api";

const MALFORMED = ["-".repeat(36), "0".repeat(36), "pas-un-uuid", "1 or 1=1", "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz"];
const NIL = "00000000-0000-0000-0000-000000000000";

describe("bad input gets a French 4xx, never a 500", () => {
  it("answers 404 with the route's own message to malformed ids in any path", async () => {
    const { token } = await signUp();
    for (const id of [...MALFORMED, NIL]) {
      const product = await call(getOne, "/x", { token, params: { id } });
      expect([product.status, product.json.detail]).toEqual([404, "Produit introuvable"]);
      expect((await call(productHistory, "/x", { token, params: { id } })).status).toBe(404);
      expect((await call(task, "/x", { token, params: { taskId: id } })).json.detail).toBe("Tâche introuvable");
      expect((await call(urlHistory, "/x", { token, params: { urlId: id } })).status).toBe(404);
      expect((await call(invoicePdf, "/x", { token, params: { id } })).status).toBe(404);
      expect((await call(revoke, "/x", { method: "DELETE", token, params: { id } })).status).toBe(404);
      const url = await call(deleteUrl, "/x", { method: "DELETE", token, params: { id: NIL, urlId: id } });
      expect(url.status).toBe(404);
    }
  });

  it("answers 422 to malformed ids in a body", async () => {
    const { token } = await signUp();
    for (const id of MALFORMED) {
      const res = await call(queueScrape, "/api/queue/scrape", {
        token,
        body: { url: "https://exemple.fr/p", options: { product_id: id } },
      });
      expect(res.status).toBe(422);
    }
  });

  it("refuses a NUL byte in any text field, body or query, with a 422 in French", async () => {
    const { token } = await signUp();
    const created = await call(create, "/api/products", { token, body: { name: "Nul\u0000part" } });
    expect(created.status).toBe(422);
    expect(created.json).toMatchObject({
      code: "invalid_characters",
      detail: "Les caractères nuls (U+0000) ne sont pas acceptés",
    });
    const ok = await call(create, "/api/products", { token, body: { name: "Quelque part" } });
    expect(ok.status).toBe(201);
    const id = ok.json.id as string;
    const nested = await call(update, "/x", {
      method: "PUT",
      token,
      params: { id },
      body: { name: "A", description: "\u0000" },
    });
    expect(nested.status).toBe(422);
    const query = await call(productHistory, "/x", { token, params: { id }, query: { period: "7d\u0000" } });
    expect(query.status).toBe(422);
  });

  it("answers 503 with Retry-After, never a 500 or 401, when the database connection drops", async () => {
    for (const code of ["57P01", "CONNECTION_CLOSED", "ECONNRESET", "08006"]) {
      const route = withPublic({}, async () => {
        throw Object.assign(new Error("Failed query"), {
          cause: Object.assign(new Error("terminating connection due to administrator command"), { code }),
        });
      });
      const res = await call(route, "/x");
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(res.json.detail).toBe("Service momentanément indisponible, veuillez réessayer dans un instant");
    }
    const refused = withPublic({}, async () => {
      throw Object.assign(new Error("invalid input syntax for type uuid"), { code: "22P02" });
    });
    expect((await call(refused, "/x")).status).toBe(422);
  });
});
