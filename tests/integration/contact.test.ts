import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { emailOutbox } from "@/db/schema";
import { POST as contact } from "@/app/api/contact/route";
import { env } from "@/lib/env";
import { CONTACT_MSG } from "@/lib/contact/schemas";
import { call, uniqueEmail } from "../helpers/api";

const valid = () => ({
  name: "Léa Martin",
  email: uniqueEmail("contact"),
  company: "Maison Martin",
  message: "Bonjour, nous suivons 200 références chez 8 revendeurs : quel plan nous conseillez-vous ?",
});

async function mailsFrom(sender: string) {
  const db = await getDb();
  const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "contact"));
  return rows.filter((r) => (r.headers as Record<string, string>)["Reply-To"] === sender);
}

describe("POST /api/contact", () => {
  // the embedded database migrates on first use: do it under the hook timeout, not a test's
  beforeAll(async () => {
    await getDb();
  });

  it("stores an e-mail to the company address with the sender as Reply-To and answers in French", async () => {
    const body = valid();
    const res = await call(contact, "/api/contact", { body: { ...body, email: `  ${body.email.toUpperCase()} ` } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: CONTACT_MSG.sent });
    expect(res.json.message).toBe(
      "Merci ! Votre message a bien été envoyé. Nous vous répondrons sous 24 heures ouvrées.",
    );

    const [mail, ...others] = await mailsFrom(body.email);
    expect(others).toHaveLength(0);
    expect(mail!.to).toBe(env.COMPANY_EMAIL);
    expect(mail!.subject).toBe("Nouveau message de contact : Léa Martin (Maison Martin)");
    expect(mail!.text).toContain(body.message);
    expect(mail!.text).toContain(`Email : ${body.email}`);
    expect(mail!.html).toContain("Maison Martin");
    expect(mail!.transport).toBe("outbox");
  });

  it("escapes what the visitor typed in the HTML e-mail", async () => {
    const body = { ...valid(), name: "<b>Pirate</b>", message: `<script>alert("x")</script> & encore du texte` };
    expect((await call(contact, "/api/contact", { body })).status).toBe(200);
    const [mail] = await mailsFrom(body.email);
    expect(mail!.html).not.toContain("<script>");
    expect(mail!.html).not.toContain("<b>Pirate</b>");
    expect(mail!.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; encore");
    expect(mail!.text).toContain(`<script>alert("x")</script>`);
  });

  it.each([
    ["an empty name", { name: "" }, CONTACT_MSG.nameRequired],
    ["an empty e-mail", { email: "" }, CONTACT_MSG.emailRequired],
    ["a malformed e-mail", { email: "pas-un-email" }, CONTACT_MSG.invalidEmail],
    ["an empty message", { message: "" }, CONTACT_MSG.messageRequired],
    ["a 5-character message", { message: "Court" }, CONTACT_MSG.messageTooShort],
    ["a 5001-character message", { message: "x".repeat(5001) }, CONTACT_MSG.messageTooLong],
    ["a 151-character company", { company: "x".repeat(151) }, CONTACT_MSG.companyTooLong],
  ])("answers 422 with the French rule for %s and sends nothing", async (_label, patch, detail) => {
    const body = { ...valid(), ...patch };
    const res = await call(contact, "/api/contact", { body });
    expect(res.status).toBe(422);
    expect(res.json.detail).toBe(detail);
    expect(res.json.code).toBe("validation_error");
    if (typeof body.email === "string" && body.email.includes("@")) expect(await mailsFrom(body.email)).toHaveLength(0);
  });

  it("answers 400 to malformed JSON", async () => {
    const res = await call(contact, "/api/contact", { rawBody: "{pas du json", method: "POST" });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ detail: "Corps de requête JSON invalide", code: "invalid_json" });
  });

  it("gives the same answer to a filled honeypot but sends nothing", async () => {
    const body = { ...valid(), website: "https://spam.example" };
    const res = await call(contact, "/api/contact", { body });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(CONTACT_MSG.sent);
    expect(await mailsFrom(body.email)).toHaveLength(0);
  });

  it("rate limits per IP with a 429 in French and a Retry-After header", async () => {
    const headers = { "x-forwarded-for": "198.51.100.23" };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await call(contact, "/api/contact", { body: valid(), headers })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const blocked = valid();
    const res = await call(contact, "/api/contact", { body: blocked, headers });
    expect(res.status).toBe(429);
    expect(res.json).toMatchObject({
      code: "rate_limited",
      detail: "Trop de tentatives. Veuillez réessayer dans quelques minutes.",
    });
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await mailsFrom(blocked.email)).toHaveLength(0);
    // another visitor is not affected
    expect(
      (await call(contact, "/api/contact", { body: valid(), headers: { "x-forwarded-for": "198.51.100.24" } })).status,
    ).toBe(200);
  });

  it("rate limits per sender e-mail across IPs", async () => {
    const body = valid();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(contact, "/api/contact", { body, headers: { "x-forwarded-for": `192.0.2.${i + 1}` } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await mailsFrom(body.email)).toHaveLength(3);
  });
});
