import { z, type ZodType } from "zod";

export type TJsonSchema = Record<string, unknown>;

/** JSON Schema (2020-12, as OpenAPI 3.1 uses) of a zod schema's input; a permissive object if it cannot be represented. */
export function zodToSchema(schema: ZodType | undefined, io: "input" | "output" = "input"): TJsonSchema {
  if (!schema) return { type: "object" };
  try {
    const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
      io,
      unrepresentable: "any",
      target: "draft-2020-12",
    }) as TJsonSchema;
    return rest;
  } catch {
    return { type: "object" };
  }
}
