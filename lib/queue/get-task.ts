import { getTaskOrThrow } from "./get-task-or-throw";
import { presentTask } from "./present-task";

/** One of the owner's tasks, as the API shows it. */
export async function getTask(workspaceId: string, taskId: string) {
  return presentTask(await getTaskOrThrow(workspaceId, taskId));
}
