import { describe, expect, it } from "vitest";
import { POST as createChannel } from "@/app/api/alert-channels/route";
import { createAlertChannel } from "@/lib/alerts/channels/create-alert-channel";
import { CHANNEL_MSG } from "@/lib/alerts/channels/schemas";
import { call } from "../helpers/api";
import { alertsUser } from "./alerts-fixtures";

// Webhook, Slack and Teams addresses go through the scraper's SSRF guard, here with private hosts refused (the
// tests' environment allows them) and DNS answered by the test: every spelling of a private address is refused.

describe("channel addresses through the SSRF guard (private hosts refused, as in production)", () => {
  const off = { allowPrivate: false };
  const publicDns = { ...off, resolve: async () => [{ address: "93.184.215.14", family: 4 as const }] };
  const loopbackDns = { ...off, resolve: async () => [{ address: "127.0.0.1", family: 4 as const }] };

  it.each([
    ["http://[::1]/h", "Adresse refusée"],
    ["http://[0:0:0:0:0:0:0:1]/h", "Adresse refusée"],
    ["http://[::ffff:127.0.0.1]/h", "Adresse refusée"],
    ["http://[::ffff:7f00:1]/h", "Adresse refusée"],
    ["http://[::ffff:a9fe:a9fe]/h", "Adresse refusée"],
    ["http://[64:ff9b::7f00:1]/h", "Adresse refusée"],
    ["http://[fd00::1]/h", "Adresse refusée"],
    ["http://[fe80::1]/h", "Adresse refusée"],
    ["http://[::]/h", "Adresse refusée"],
    ["http://2130706433/h", "Adresse refusée"],
    ["http://0177.0.0.1/h", "Adresse refusée"],
    ["http://0x7f.1/h", "Adresse refusée"],
    ["http://127.1/h", "Adresse refusée"],
    ["http://127.0.0.1./h", "Adresse refusée"],
    ["http://0/h", "Adresse refusée"],
    ["http://100.64.0.1/h", "Adresse refusée"],
    ["http://169.254.169.254/latest/meta-data/", "Adresse refusée"],
    ["http://①②⑦.0.0.1/h", "Adresse refusée"],
    ["http://localhost/h", "Adresse refusée : hôte local"],
    ["http://LOCALHOST./h", "Adresse refusée : hôte local"],
    ["http://hooks.localhost/h", "Adresse refusée : hôte local"],
    ["https://a@127.0.0.1/h", "Les adresses avec identifiants ne sont pas acceptées"],
    ["https://hooks.exemple.fr@127.0.0.1/h", "Les adresses avec identifiants ne sont pas acceptées"],
    ["https://user:mdp@hooks.exemple.fr/h", "Les adresses avec identifiants ne sont pas acceptées"],
    ["https://hooks.exemple.fr:22/h", "Port 22 refusé"],
    ["https://hooks.exemple.fr:6379/h", "Port 6379 refusé"],
    ["https://hooks.exemple.fr:65536/h", "Adresse du canal invalide"],
    ["file:///etc/passwd", "Seules les adresses http et https sont acceptées"],
    ["gopher://hooks.exemple.fr/h", "Seules les adresses http et https sont acceptées"],
    ["javascript:alert(1)", "Seules les adresses http et https sont acceptées"],
    ["//hooks.exemple.fr/h", "Adresse du canal invalide"],
    ["hooks.exemple.fr/h", "Adresse du canal invalide"],
  ])("refuses %s", async (url, reason) => {
    const { workspaceId } = await alertsUser();
    await expect(createAlertChannel(workspaceId, { kind: "webhook", name: "x", url }, publicDns)).rejects.toMatchObject(
      {
        code: "invalid_channel_url",
        message: expect.stringContaining(reason),
      },
    );
  });

  it("refuses a name resolving to a private address, and takes a public one on an allowed port", async () => {
    const { workspaceId } = await alertsUser();
    for (const kind of ["webhook", "slack", "teams"] as const) {
      await expect(
        createAlertChannel(workspaceId, { kind, name: "x", url: "https://hooks.exemple.fr/h" }, loopbackDns),
      ).rejects.toMatchObject({ code: "invalid_channel_url", message: expect.stringContaining("Adresse refusée") });
    }
    const ok = await createAlertChannel(
      workspaceId,
      { kind: "webhook", name: "x", url: "https://hooks.exemple.fr:8443/h" },
      publicDns,
    );
    expect(ok.url).toBe("https://hooks.exemple.fr:8443/h");
  });

  it("refuses an address over 2,000 characters in French", async () => {
    const { token } = await alertsUser();
    const res = await call(createChannel, "/x", {
      token,
      body: { kind: "webhook", name: "x", url: `https://hooks.exemple.fr/${"a".repeat(2000)}` },
    });
    expect([res.status, res.json.detail]).toEqual([422, CHANNEL_MSG.urlTooLong]);
  });
});
