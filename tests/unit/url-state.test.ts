import { describe, expect, it } from "vitest";
import { urlState } from "@/components/products/url-state";

const base = { last_status: "ok" as const, last_checked_at: "2026-11-20T10:00:00Z", paused: false };

describe("urlState", () => {
  it("is 'Suivi actif' in green when the last reading worked", () => {
    expect(urlState(base)).toEqual({ label: "Suivi actif", tone: "success", failed: false });
  });

  it("shows a failed last reading instead of 'Suivi actif', in red", () => {
    expect(urlState({ ...base, last_status: "error" })).toEqual({
      label: "Échec du dernier relevé",
      tone: "danger",
      failed: true,
    });
    expect(urlState({ ...base, last_status: "blocked" }).label).toBe("Accès bloqué par le site");
    expect(urlState({ ...base, last_status: "uncertain" })).toMatchObject({ label: "Prix incertain", tone: "warning" });
  });

  it("says paused or waiting for the first reading", () => {
    expect(urlState({ ...base, paused: true }).label).toBe("En pause");
    expect(urlState({ ...base, last_status: "pending", last_checked_at: null }).label).toBe(
      "Premier relevé en attente",
    );
  });
});
