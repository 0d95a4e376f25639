import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { workspaceInvitations, workspaceMembers } from "@/db/schema";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as accept } from "@/app/api/invitations/accept/route";
import { POST as preview } from "@/app/api/invitations/preview/route";
import { POST as registerInvited } from "@/app/api/invitations/register/route";
import { DELETE as revoke } from "@/app/api/workspaces/current/invitations/[id]/route";
import { POST as resend } from "@/app/api/workspaces/current/invitations/[id]/resend/route";
import { POST as invite } from "@/app/api/workspaces/current/invitations/route";
import { GET as team } from "@/app/api/workspaces/current/members/route";
import { hashToken } from "@/lib/auth/tokens";
import { call, signUp, uniqueEmail } from "../helpers/api";
import { subscribe } from "./history-fixtures";
import { invitationToken, join } from "./team-fixtures";

const inviteAs = (token: string, email: string, role = "editor") =>
  call(invite, "/x", { token, body: { email, role } });

describe("invitations", () => {
  it("an owner invites an account by e-mail; the link (stored hashed) joins it once, and only for that address", async () => {
    const owner = await signUp({ first_name: "Alice" });
    await subscribe(owner.workspaceId, "professionnel");
    const editor = await signUp();
    const stranger = await signUp();
    const sent = await inviteAs(owner.token, editor.account.email.toUpperCase());
    expect(sent.status, sent.text).toBe(201);
    expect(sent.json).toMatchObject({ email: editor.account.email, role: "editor" });
    const secret = await invitationToken(editor.account.email);
    const db = await getDb();
    const [row] = await db.select().from(workspaceInvitations).where(eq(workspaceInvitations.id, sent.json.id));
    expect(row!.tokenHash).toBe(hashToken(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const seen = await call(preview, "/x", { body: { token: secret } });
    expect(seen.json).toMatchObject({
      email: editor.account.email,
      role: "editor",
      inviter_name: "Alice Durand",
      has_account: true,
    });

    const wrong = await call(accept, "/x", { token: stranger.token, body: { token: secret } });
    expect(wrong.status).toBe(403);
    expect(wrong.json.detail).toBe(
      `Cette invitation a été envoyée à ${editor.account.email} : connectez-vous avec cette adresse pour l'accepter.`,
    );
    const ok = await call(accept, "/x", { token: editor.token, body: { token: secret } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toEqual({ workspace_id: owner.workspaceId, role: "editor" });
    // the next sign-in opens the workspace joined
    const relog = await call(login, "/x", { body: { email: editor.account.email, password: editor.account.password } });
    const listed = await call(team, "/x", { token: relog.json.access_token });
    expect(listed.json.workspace).toMatchObject({ id: owner.workspaceId, role: "editor" });
    expect(listed.json.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [owner.account.email, "owner"],
      [editor.account.email, "editor"],
    ]);
    expect(listed.json.invitations).toEqual([]);

    const twice = await call(accept, "/x", { token: editor.token, body: { token: secret } });
    expect(twice.status).toBe(410);
    expect(twice.json.detail).toBe("Cette invitation a déjà été acceptée : elle ne peut servir qu'une fois.");
    const forged = await call(accept, "/x", { token: editor.token, body: { token: `${secret}x` } });
    expect(forged.status).toBe(404);
    expect(forged.json.detail).toBe("Lien d'invitation invalide. Vérifiez que vous avez copié le lien en entier.");
    expect((await call(preview, "/x", { body: { token: "" } })).status).toBe(422);
    expect((await call(preview, "/x", { body: { token: "inv_\u0000" } })).status).toBe(422);
  });

  it("expired, revoked or replaced links get a clear 410; an address already a member is refused", async () => {
    const owner = await signUp();
    await subscribe(owner.workspaceId, "entreprise");
    const email = uniqueEmail("invitee");
    const first = await inviteAs(owner.token, email, "reader");
    const db = await getDb();
    await db
      .update(workspaceInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvitations.id, first.json.id));
    const expired = await call(preview, "/x", { body: { token: await invitationToken(email) } });
    expect(expired.status).toBe(410);
    expect(expired.json.detail).toBe(
      "Cette invitation a expiré. Demandez au propriétaire de l'espace de vous en envoyer une nouvelle.",
    );

    const second = await inviteAs(owner.token, email, "reader");
    const secret = await invitationToken(email);
    expect((await call(team, "/x", { token: owner.token })).json.invitations).toHaveLength(1);
    const resent = await call(resend, "/x", { method: "POST", token: owner.token, params: { id: second.json.id } });
    expect(resent.status).toBe(200);
    const fresh = await invitationToken(email);
    expect(fresh).not.toBe(secret);
    expect((await call(preview, "/x", { body: { token: secret } })).status).toBe(404);
    const gone = await call(revoke, "/x", { method: "DELETE", token: owner.token, params: { id: second.json.id } });
    expect(gone.status).toBe(200);
    const revoked = await call(preview, "/x", { body: { token: fresh } });
    expect(revoked.status).toBe(410);
    expect(revoked.json.detail).toBe("Cette invitation a été annulée par le propriétaire de l'espace.");
    expect((await call(team, "/x", { token: owner.token })).json.invitations).toEqual([]);
    expect(
      (await call(revoke, "/x", { method: "DELETE", token: owner.token, params: { id: second.json.id } })).status,
    ).toBe(404);

    const self = await inviteAs(owner.token, owner.account.email);
    expect(self.status).toBe(409);
    expect(self.json.detail).toBe("Cette personne est déjà membre de cet espace.");
  });

  it("an invitee without an account registers with the invited address and lands in the workspace", async () => {
    const owner = await signUp();
    await subscribe(owner.workspaceId, "professionnel");
    const email = uniqueEmail("nouveau");
    await inviteAs(owner.token, email, "reader");
    const secret = await invitationToken(email);
    expect((await call(preview, "/x", { body: { token: secret } })).json.has_account).toBe(false);
    const body = { token: secret, first_name: "Nina", last_name: "Leroy", password: "motdepasse-solide" };
    const short = await call(registerInvited, "/x", { body: { ...body, password: "court" } });
    expect(short.status).toBe(422);
    const created = await call(registerInvited, "/x", { body: { ...body, email: "autre@exemple.fr" } });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ email, workspace_id: owner.workspaceId, role: "reader" });
    const again = await call(registerInvited, "/x", { body });
    expect(again.status).toBe(410);
    const relog = await call(login, "/x", { body: { email, password: body.password } });
    expect(relog.status).toBe(200);
    const listed = await call(team, "/x", { token: relog.json.access_token });
    expect(listed.json.workspace).toMatchObject({ id: owner.workspaceId, role: "reader" });
  });

  it("members and editors cannot invite; a reader sees the members but not the invitations", async () => {
    const owner = await signUp();
    await subscribe(owner.workspaceId, "entreprise");
    const editor = await signUp();
    const reader = await signUp();
    const editorToken = await join(owner, editor, "editor");
    const readerToken = await join(owner, reader, "reader");
    await inviteAs(owner.token, uniqueEmail());
    expect((await inviteAs(editorToken, uniqueEmail())).json.code).toBe("forbidden_role");
    expect((await inviteAs(readerToken, uniqueEmail())).json.code).toBe("forbidden_role");
    const seen = await call(team, "/x", { token: readerToken });
    expect(seen.json.members).toHaveLength(3);
    expect(seen.json.invitations).toEqual([]);
    expect((await call(team, "/x", { token: owner.token })).json.invitations).toHaveLength(1);
  });
});

describe("seats per plan", () => {
  it("Freemium has one seat (its owner): an invitation is refused with the French limit message", async () => {
    const owner = await signUp();
    const res = await inviteAs(owner.token, uniqueEmail());
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({
      code: "member_limit_reached",
      detail:
        "Vous avez atteint la limite de 1 membre (invitations en attente comprises). Veuillez passer à un abonnement supérieur.",
    });
  });

  it("Professionnel has 3 seats, members and pending invitations together, held under concurrency", async () => {
    const owner = await signUp();
    await subscribe(owner.workspaceId, "professionnel");
    const answers = await Promise.all(Array.from({ length: 6 }, () => inviteAs(owner.token, uniqueEmail())));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(2);
    expect(answers.filter((r) => r.status === 403).map((r) => r.json.code)).toEqual(
      Array(4).fill("member_limit_reached"),
    );
    const listed = await call(team, "/x", { token: owner.token });
    expect(listed.json.seats).toEqual({ used: 3, max: 3 });
    // a revoked invitation frees its seat
    const id = listed.json.invitations[0].id;
    await call(revoke, "/x", { method: "DELETE", token: owner.token, params: { id } });
    expect((await inviteAs(owner.token, uniqueEmail())).status).toBe(201);
    const db = await getDb();
    const members = await db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, owner.workspaceId));
    expect(members).toHaveLength(1);
  });
});
