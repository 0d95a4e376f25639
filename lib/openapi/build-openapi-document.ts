import { env } from "@/lib/env";
import { INTERNAL_ROUTES, OPERATIONS, TAGS, type TOperation } from "./operations";
import { RError } from "./response-schemas";
import { z, type ZodType } from "zod";

type TJsonSchema = Record<string, unknown>;

/** JSON Schema (2020-12, as OpenAPI 3.1 uses) of a zod schema's input; a permissive object if it cannot be represented. */
function zodToSchema(schema: ZodType | undefined, io: "input" | "output" = "input"): TJsonSchema {
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

const ERROR_TEXT: Record<number, string> = {
  400: "Requête invalide (JSON mal formé)",
  401: "Authentification requise ou jeton invalide / révoqué",
  403: "Interdit ou limite du plan atteinte",
  404: "Introuvable (y compris l'objet d'un autre utilisateur)",
  409: "Conflit",
  422: "Données invalides",
  429: "Trop de requêtes",
  500: "Erreur inattendue",
  503: "Service indisponible",
};

const CONTENT_TYPES = {
  json: "application/json",
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
  zip: "application/zip",
} as const;

function pathParameters(path: string) {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name: name!,
    in: "path",
    required: true,
    schema: { type: "string" },
    description: name === "id" ? "Identifiant" : `Identifiant (${name})`,
  }));
}

function queryParameters(op: TOperation) {
  if (!op.query) return [];
  const schema = zodToSchema(op.query);
  const props = (schema.properties ?? {}) as Record<string, TJsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: "query",
    required: required.has(name) && s.default === undefined,
    schema: s,
    ...(typeof s.description === "string" ? { description: s.description } : {}),
  }));
}

function requestBody(op: TOperation) {
  if (!op.body) return undefined;
  if (op.body === "multipart") {
    return {
      required: true,
      content: {
        "multipart/form-data": {
          schema: { type: "object", properties: { file: { type: "string", format: "binary" } }, required: ["file"] },
        },
      },
    };
  }
  if (op.body === "raw") return { required: true, content: { "application/json": { schema: { type: "object" } } } };
  return { required: true, content: { "application/json": { schema: zodToSchema(op.body) } } };
}

function errorCodes(op: TOperation): number[] {
  const codes = new Set<number>(op.errors ?? []);
  if (op.auth === undefined || op.auth === "bearer") codes.add(401);
  if (op.path.includes("{")) codes.add(404);
  if (op.body && op.body !== "raw") codes.add(op.body === "multipart" ? 422 : 400).add(422);
  if (op.query) codes.add(422);
  codes.add(500);
  return [...codes].sort((a, b) => a - b);
}

function operationId(op: TOperation): string {
  const words = op.path
    .replace(/^\/api\//, "")
    .split(/[/.{}-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1));
  return `${op.method}${words.join("")}`;
}

function operationObject(op: TOperation) {
  const content = op.ok.content ?? "json";
  const okSchema =
    content === "json" && op.ok.schema
      ? op.ok.list
        ? { type: "array", items: zodToSchema(op.ok.schema, "output") }
        : zodToSchema(op.ok.schema, "output")
      : { type: "string", format: "binary" };
  const responses: Record<string, unknown> = {
    [String(op.ok.status ?? 200)]: {
      description: op.ok.description,
      content: { [CONTENT_TYPES[content]]: { schema: okSchema } },
    },
  };
  for (const code of errorCodes(op)) {
    responses[String(code)] = {
      description: ERROR_TEXT[code] ?? "Erreur",
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
  }
  return {
    operationId: operationId(op),
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    security: op.auth === undefined || op.auth === "bearer" ? [{ bearerAuth: [] }, { sessionCookie: [] }] : [],
    parameters: [...pathParameters(op.path), ...queryParameters(op)],
    ...(op.body ? { requestBody: requestBody(op) } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 description of every public route, built from the same zod schemas the handlers parse with. */
export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    paths[op.path] ??= {};
    paths[op.path]![op.method] = operationObject(op);
  }
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "API VeillePrix",
      version: "1.0.0",
      description:
        "API JSON de VeillePrix. Les erreurs ont toujours la forme `{ detail, code }` avec un message en français. " +
        "Authentifiez-vous avec un jeton d'API (plans avec automatisation) envoyé dans l'en-tête `Authorization: Bearer <jeton>`.",
    },
    servers: [{ url: env.appUrl, description: "Ce serveur" }],
    tags: TAGS.map((t) => ({ ...t })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description:
            "Jeton d'API (vpk_…) créé dans le tableau de bord, ou jeton de connexion (vps_…) renvoyé par POST /api/auth/login.",
        },
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "next-auth.session-token",
          description: "Session du navigateur.",
        },
      },
      schemas: { Error: zodToSchema(RError, "output") },
    },
    "x-internal-routes": INTERNAL_ROUTES,
  };
}

export type TOpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
