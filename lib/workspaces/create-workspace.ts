import type { DbLike } from "@/db";
import { workspaceMembers, workspaces } from "@/db/schema";

/** A workspace with `ownerId` its owner (instant alert e-mails, as a new account always had) (no subscription row: the Freemium plan applies until one is bought). */
export async function createWorkspace(db: DbLike, input: { ownerId: string; name: string; id?: string }) {
  const [workspace] = await db
    .insert(workspaces)
    .values({ id: input.id, name: input.name })
    .returning({ id: workspaces.id, name: workspaces.name });
  await db
    .insert(workspaceMembers)
    .values({ workspaceId: workspace!.id, userId: input.ownerId, role: "owner", alertMode: "instant" });
  return workspace!;
}
