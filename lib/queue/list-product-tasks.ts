import { getProductOrThrow } from "@/lib/products";
import { listTasks } from "./list-tasks";

/** The tasks of one of the owner's products, newest first (at most 50). */
export async function listProductTasks(workspaceId: string, productId: string) {
  await getProductOrThrow(workspaceId, productId);
  return listTasks(workspaceId, { productId, status: [], limit: 50 });
}
