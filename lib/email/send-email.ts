import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { emailOutbox } from "@/db/schema";
import { env } from "@/lib/env";

export type TEmail = {
  to: string;
  /** the account the mail is written for; none for the company's own mail (the outbox shows a user only theirs) */
  userId?: string | null;
  subject: string;
  html: string;
  text: string;
  kind: string;
  headers?: Record<string, string>;
  /** Sent through Resend only; the outbox keeps their names (headers X-Attachments). */
  attachments?: { filename: string; content: Buffer }[];
  /** the same key never sends twice (Resend's Idempotency-Key, and a unique row in the outbox) */
  idempotencyKey?: string;
};

/**
 * Every e-mail is recorded in email_outbox. With RESEND_API_KEY it is then sent through Resend
 * (RESEND_BASE_URL lets tests use a local fake); without it the outbox is the delivery (/dev/outbox).
 */
export async function sendEmail(email: TEmail): Promise<{ id: string; duplicate: boolean }> {
  const db = await getDb();
  const transport = env.resendEnabled ? "resend" : "outbox";
  const [row] = await db
    .insert(emailOutbox)
    .values({
      to: email.to,
      userId: email.userId ?? null,
      from: env.EMAIL_FROM,
      subject: email.subject,
      html: email.html,
      text: email.text,
      headers: email.attachments?.length
        ? { ...email.headers, "X-Attachments": email.attachments.map((a) => a.filename).join(", ") }
        : (email.headers ?? {}),
      kind: email.kind,
      idempotencyKey: email.idempotencyKey ?? null,
      transport,
    })
    .onConflictDoNothing({ target: emailOutbox.idempotencyKey })
    .returning({ id: emailOutbox.id });
  if (!row) {
    const [existing] = await db
      .select({ id: emailOutbox.id, status: emailOutbox.status })
      .from(emailOutbox)
      .where(eq(emailOutbox.idempotencyKey, email.idempotencyKey!))
      .limit(1);
    if (existing && (existing.status === "sent" || transport === "outbox")) return { id: existing.id, duplicate: true };
    if (existing) return deliver(existing.id, email, true);
    throw new Error("email_outbox: ligne introuvable");
  }
  if (transport === "outbox") return { id: row.id, duplicate: false };
  return deliver(row.id, email, false);
}

async function deliver(id: string, email: TEmail, duplicate: boolean) {
  const db = await getDb();
  const { Resend } = await import("resend");
  const resend = new Resend(env.RESEND_API_KEY);
  const { data, error } = await resend.emails.send(
    {
      from: env.EMAIL_FROM,
      to: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      headers: email.headers,
      ...(email.attachments?.length ? { attachments: email.attachments } : {}),
    },
    email.idempotencyKey ? { idempotencyKey: email.idempotencyKey } : undefined,
  );
  if (error || !data) {
    await db
      .update(emailOutbox)
      .set({ status: "failed", error: error?.message ?? "réponse vide" })
      .where(eq(emailOutbox.id, id));
    throw new Error(`Envoi de l'email impossible : ${error?.message ?? "réponse vide"}`);
  }
  await db
    .update(emailOutbox)
    .set({ status: "sent", providerId: data.id, sentAt: sql`now()`, error: null })
    .where(eq(emailOutbox.id, id));
  return { id, duplicate };
}
