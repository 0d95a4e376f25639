import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { AppError, ERROR_CODES, type TErrorCode } from "@/lib/errors/app-error";
import { ERROR_TABLE, errorDetail } from "@/lib/http/error-table";
import { ZProductParams } from "@/lib/http/path-params";
import { withPublic } from "@/lib/http/with-auth";

async function answer(throwing: () => never, params?: Record<string, string>) {
  const route = withPublic({ params: params ? ZProductParams : undefined }, async () => throwing());
  const res = await route(new NextRequest("http://localhost/api/x"), { params: Promise.resolve(params ?? {}) });
  return { status: res.status, body: await res.json(), retryAfter: res.headers.get("retry-after") };
}

describe("the error table (lib/http/error-table.ts)", () => {
  it("gives every domain error code an HTTP error status and a French message, and nothing else", () => {
    expect(Object.keys(ERROR_TABLE).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) {
      const { status } = ERROR_TABLE[code];
      expect(Number.isInteger(status) && status >= 400 && status < 600, code).toBe(true);
      const detail = errorDetail(code, { limit: 3 });
      expect(detail.length, code).toBeGreaterThan(5);
      // French text: a space between words, never the code itself
      expect(detail, code).toMatch(/ /);
      expect(detail, code).not.toContain(code);
    }
  });

  it("answers a domain error with the same status and body as before the table", async () => {
    const cases: [TErrorCode, ConstructorParameters<typeof AppError>[1], number, Record<string, unknown>][] = [
      ["product_not_found", {}, 404, { detail: "Produit introuvable", code: "not_found" }],
      ["token_not_found", {}, 404, { detail: "Jeton introuvable", code: "token_not_found" }],
      [
        "product_limit_reached",
        { extra: { limit: 5 } },
        403,
        {
          detail: "Vous avez atteint la limite de 5 produits. Veuillez passer à un abonnement supérieur.",
          code: "product_limit_reached",
          limit: 5,
        },
      ],
      [
        "task_already_completed",
        {},
        409,
        { detail: "Cette tâche est déjà terminée avec succès", code: "task_not_retryable" },
      ],
      [
        "demo_disabled_production",
        {},
        403,
        { detail: "Le mode démonstration est désactivé en production.", code: "demo_disabled" },
      ],
      ["url_required", {}, 422, { detail: "L'URL est obligatoire", code: "validation_error" }],
      [
        "card_error",
        { detail: "Votre carte a été refusée." },
        422,
        { detail: "Votre carte a été refusée.", code: "card_error" },
      ],
    ];
    for (const [code, options, status, body] of cases) {
      expect(
        await answer(() => {
          throw new AppError(code, options);
        }),
        code,
      ).toEqual({
        status,
        body,
        retryAfter: null,
      });
    }
  });

  it("sends Retry-After for a 429 and answers a malformed path id with the object's 404", async () => {
    const limited = await answer(() => {
      throw new AppError("rate_limited", { extra: { retryAfterSeconds: 42 } });
    });
    expect(limited).toEqual({
      status: 429,
      body: {
        detail: "Trop de tentatives. Veuillez réessayer dans quelques minutes.",
        code: "rate_limited",
        retryAfterSeconds: 42,
      },
      retryAfter: "42",
    });
    const malformed = await answer(
      () => {
        throw new Error("unreachable");
      },
      { id: "not-a-uuid" },
    );
    expect(malformed).toEqual({
      status: 404,
      body: { detail: "Produit introuvable", code: "not_found" },
      retryAfter: null,
    });
  });
});
