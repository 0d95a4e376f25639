import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { alertEvents, emailOutbox, emailVerificationTokens, users } from "@/db/schema";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as resend } from "@/app/api/auth/verify-email/resend/route";
import { PUT as putProfile } from "@/app/api/users/me/route";
import { PUT as putReportPrefs } from "@/app/api/users/me/report-preferences/route";
import { evaluateNewPrice } from "@/lib/alerts/evaluation/evaluate-new-price";
import { errorDetail } from "@/lib/http/error-table";
import { hashToken } from "@/lib/auth/tokens";
import { EMAIL_VERIFIED, verifyEmail } from "@/lib/auth/verify-email";
import { listOutbox } from "@/lib/email/list-outbox";
import { sendContactMessage } from "@/lib/contact/send-contact-message";
import { sendScheduledReports } from "@/lib/reports/send-scheduled-reports";
import { call, signUp, uniqueEmail, verificationToken } from "../helpers/api";
import { addPrice, addRule, makeProduct, setPlan } from "./alerts-fixtures";

const mailsOf = async (email: string, kind: string) => {
  const db = await getDb();
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, kind)));
};

describe("e-mail verification at registration", () => {
  it("mails a single-use, hashed link; the account works at once and is verified by the link", async () => {
    const who = await signUp({}, { verified: false });
    const [mail, ...more] = await mailsOf(who.account.email, "email_verification");
    expect(more).toEqual([]);
    expect(mail!.userId).toBe(who.userId);
    expect(mail!.subject).toBe("Confirmez votre adresse email VeillePrix");
    expect(mail!.html).toContain("Vérifier mon adresse email");
    expect(mail!.html).toContain("http://localhost:3000/verify-email?token=vrf_");
    const token = await verificationToken(who.userId);
    const db = await getDb();
    const [row] = await db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, who.userId));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(Math.abs(row!.expiresAt.getTime() - row!.createdAt.getTime() - 48 * 3600_000)).toBeLessThan(60_000);

    expect((await call(me, "/api/auth/me", { token: who.token })).json).toMatchObject({ email_verified: false });
    expect(await verifyEmail(token)).toMatchObject({ message: EMAIL_VERIFIED });
    expect((await call(me, "/api/auth/me", { token: who.token })).json).toMatchObject({ email_verified: true });
    await expect(verifyEmail(token)).rejects.toMatchObject({ code: "invalid_verification_token" });
  });

  it("refuses an expired link", async () => {
    const who = await signUp({}, { verified: false });
    const token = await verificationToken(who.userId);
    const db = await getDb();
    await db
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerificationTokens.userId, who.userId));
    await expect(verifyEmail(token)).rejects.toMatchObject({ code: "invalid_verification_token" });
    const [user] = await db.select().from(users).where(eq(users.id, who.userId));
    expect(user!.emailVerifiedAt).toBeNull();
  });

  it("'Renvoyer l'email' sends a new link, three times a quarter of an hour, and nothing once verified", async () => {
    const who = await signUp({}, { verified: false });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await call(resend, "/api/auth/verify-email/resend", { token: who.token, body: {} })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await mailsOf(who.account.email, "email_verification")).toHaveLength(4);
    await verifyEmail(await verificationToken(who.userId));
    const done = await call(resend, "/api/auth/verify-email/resend", { token: who.token, body: {} });
    expect(done.json).toMatchObject({ message: "Votre adresse email est déjà vérifiée.", verified: true });
  });

  it("refuses the company's address at registration and as a new e-mail, with a clear French 422", async () => {
    for (const email of ["contact@veilleprix.fr", "  CONTACT@VeillePrix.fr "]) {
      const res = await call(register, "/api/auth/register", {
        body: { first_name: "A", last_name: "B", email, password: "motdepasse-solide", planId: null },
      });
      expect(res.status).toBe(422);
      expect(res.json).toEqual({ detail: errorDetail("email_reserved"), code: "email_reserved" });
    }
    const who = await signUp();
    const res = await call(putProfile, "/api/users/me", {
      method: "PUT",
      token: who.token,
      body: { first_name: "A", last_name: "B", email: "contact@veilleprix.fr", current_password: who.account.password },
    });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe("email_reserved");
  });

  it("a new e-mail is unverified again and gets its own link; the old address's link no longer verifies", async () => {
    const who = await signUp({}, { verified: false });
    const oldToken = await verificationToken(who.userId);
    const email = uniqueEmail("nouvelle");
    const res = await call(putProfile, "/api/users/me", {
      method: "PUT",
      token: who.token,
      body: { first_name: "A", last_name: "B", email, current_password: who.account.password },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ email, email_verified: false });
    await expect(verifyEmail(oldToken)).rejects.toMatchObject({ code: "invalid_verification_token" });
    expect(await mailsOf(email, "email_verification")).toHaveLength(1);
    await verifyEmail(await verificationToken(who.userId));
    expect((await call(me, "/api/auth/me", { token: who.token })).json).toMatchObject({ email, email_verified: true });

    // verified, then changed again: unverified until the new link is followed
    const third = uniqueEmail("troisieme");
    await call(putProfile, "/api/users/me", {
      method: "PUT",
      token: who.token,
      body: { first_name: "A", last_name: "B", email: third, current_password: who.account.password },
    });
    expect((await call(me, "/api/auth/me", { token: who.token })).json).toMatchObject({ email_verified: false });
  });
});

describe("nothing is delivered to an unverified address", () => {
  it("alerts are skipped (not sent, not retried) until the address is verified", async () => {
    const who = await signUp({}, { verified: false });
    await setPlan(who.workspaceId, "professionnel");
    const { productId, urlIds } = await makeProduct(who.workspaceId);
    await addRule(who.workspaceId, productId, { kind: "drop", thresholdAmount: "5.00" });
    await evaluateNewPrice({ priceHistoryId: await addPrice(urlIds[0]!, "129.99") });
    await evaluateNewPrice({ priceHistoryId: await addPrice(urlIds[0]!, "99.99") });
    expect(await mailsOf(who.account.email, "alert")).toEqual([]);
    const db = await getDb();
    const events = await db.select().from(alertEvents).where(eq(alertEvents.workspaceId, who.workspaceId));
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(e.status).toBe("skipped");

    await verifyEmail(await verificationToken(who.userId));
    await evaluateNewPrice({ priceHistoryId: await addPrice(urlIds[0]!, "79.99") });
    expect(await mailsOf(who.account.email, "alert")).toHaveLength(1);
  });

  it("scheduled reports go to verified subscribers only", async () => {
    const who = await signUp({}, { verified: false });
    await setPlan(who.workspaceId, "professionnel");
    const prefs = "/api/users/me/report-preferences";
    expect(
      (await call(putReportPrefs, prefs, { method: "PUT", token: who.token, body: { frequency: "daily" } })).status,
    ).toBe(200);
    await sendScheduledReports();
    expect(await mailsOf(who.account.email, "scheduled_report")).toEqual([]);
    await verifyEmail(await verificationToken(who.userId));
    await sendScheduledReports();
    expect(await mailsOf(who.account.email, "scheduled_report")).toHaveLength(1);
  });
});

describe("the development outbox lists a reader's own mail only", () => {
  it("before verification only the verification link, after it the account's mail, never the company's", async () => {
    const who = await signUp({}, { verified: false });
    const reader = { id: who.userId, email: who.account.email, emailVerified: false };
    await sendContactMessage(
      { name: "Visiteur", email: "visiteur@exemple.fr", message: "Bonjour, une question." },
      null,
    );
    const before = await listOutbox(reader);
    expect(before.map((m) => m.kind)).toEqual(["email_verification"]);
    await verifyEmail(await verificationToken(who.userId));
    const { requestPasswordReset } = await import("@/lib/auth/request-password-reset");
    await requestPasswordReset({ email: who.account.email }, null);
    // an invitation sent to the address before the account existed names no account: listed once verified only
    const { sendEmail } = await import("@/lib/email/send-email");
    await sendEmail({
      to: who.account.email,
      userId: null,
      kind: "workspace_invitation",
      subject: "Invitation",
      html: "<p>Invitation</p>",
      text: "Invitation",
    });
    expect((await listOutbox(reader)).map((m) => m.kind)).toEqual(["email_verification"]);
    const after = await listOutbox({ ...reader, emailVerified: true });
    expect(after.map((m) => m.kind).sort()).toEqual(["email_verification", "password_reset", "workspace_invitation"]);
    // whoever signs in, the contact form's messages are never listed
    const company = await listOutbox({ id: who.userId, email: "contact@veilleprix.fr", emailVerified: true });
    expect(company).toEqual([]);
  });
});
