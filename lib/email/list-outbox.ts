import { and, desc, eq, isNull, notInArray, or, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { emailOutbox } from "@/db/schema";
import { getCompany } from "@/lib/company";

type TReader = { id: string; email: string; emailVerified: boolean };

/**
 * The latest stored e-mails of one account, newest first (development outbox): only mail written for that
 * account and addressed to its current address, once verified (before, only its own verification links), plus
 * the workspace invitations sent to that verified address before the account existed (they name no account).
 * Mail for the company (contact form) has no account and is never listed.
 */
export async function listOutbox(reader: TReader, limit = 50) {
  const db = await getDb();
  const company = [getCompany().email, "contact@veilleprix.fr"].map((e) => e.trim().toLowerCase());
  return db
    .select()
    .from(emailOutbox)
    .where(
      and(
        or(
          eq(emailOutbox.userId, reader.id),
          reader.emailVerified
            ? and(isNull(emailOutbox.userId), eq(emailOutbox.kind, "workspace_invitation"))
            : undefined,
        ),
        eq(sql`lower(${emailOutbox.to})`, reader.email.toLowerCase()),
        notInArray(sql`lower(${emailOutbox.to})`, company),
        reader.emailVerified ? undefined : eq(emailOutbox.kind, "email_verification"),
      ),
    )
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
}
