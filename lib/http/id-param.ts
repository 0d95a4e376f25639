import { z } from "zod";
import type { TErrorCode } from "@/lib/errors/app-error";
import { errorDetail } from "./error-table";
import { isUuid } from "@/lib/core/is-uuid";

/** A path id of our own tables (uuid); anything else is the same 404 as a missing or foreign object. */
export function idParam(notFound: TErrorCode = "not_found") {
  return z.string().refine(isUuid, errorDetail(notFound));
}
