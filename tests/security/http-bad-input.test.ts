import { describe, expect, it } from "vitest";
import { bare } from "./bare-server";
import { account, postJson } from "./http-client";

describe("bad input on the bare server gets a 4xx, never a 500", () => {
  it("refuses NUL bytes in text fields", async () => {
    const { token } = await account("nul");
    const auth = { authorization: `Bearer ${token}` };
    const product = await postJson("/api/products", { name: "Nul\u0000part" }, auth);
    expect(product.status).toBe(422);
    expect(product.json.detail).toBe("Les caractères nuls (U+0000) ne sont pas acceptés");
    const contact = await postJson("/api/contact", { name: "A\u0000", email: "a@exemple.fr", message: "Bonjour" });
    expect(contact.status).toBe(422);
    const login = await postJson("/api/auth/login", { email: "a\u0000@exemple.fr", password: "x\u0000" });
    expect(login.status).toBe(422);
  });

  it("answers 404 to malformed ids in paths, and 4xx to a bad % escape", async () => {
    const { token } = await account("ids");
    const auth = { authorization: `Bearer ${token}` };
    for (const id of ["-".repeat(36), "0".repeat(36), "00000000-0000-0000-0000-000000000000", "pas-un-uuid"]) {
      for (const path of [`/api/products/${id}`, `/api/queue/tasks/${id}`, `/api/scraping/urls/${id}/history`]) {
        const res = await fetch(bare(path), { headers: auth });
        expect(res.status, path).toBe(404);
      }
      const del = await fetch(bare(`/api/tokens/${id}`), { method: "DELETE", headers: auth });
      expect(del.status).toBe(404);
    }
    for (const path of ["/api/products/%E0%A4%A", "/api/products/%", "/products/%zz", "/%"]) {
      const res = await fetch(bare(path), { headers: auth });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
  });
});
