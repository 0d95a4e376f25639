import { describe, expect, it } from "vitest";
import { databaseBefore } from "../helpers/migrations";

const ADA = "00000000-0000-4000-8000-00000000000a";
const BOB = "00000000-0000-4000-8000-00000000000b";
const CLO = "00000000-0000-4000-8000-00000000000c";

describe("the per-member preferences migration", () => {
  it("keeps the first owner's alert mode and report frequency; every other member starts with none / off", async () => {
    const { client, applyIt } = await databaseBefore("_member-preferences");
    try {
      await client.exec(`
        insert into users (id, email, password_hash, alert_mode)
          values ('${ADA}', 'ada@exemple.fr', 'x', 'digest'), ('${BOB}', 'bob@exemple.fr', 'x', 'instant'),
                 ('${CLO}', 'clo@exemple.fr', 'x', 'instant');
        insert into workspaces (id, name) values ('${ADA}', 'Ada'), ('${BOB}', 'Bob');
        insert into workspace_members (workspace_id, user_id, role, created_at)
          values ('${ADA}', '${ADA}', 'owner', now() - interval '1 day'), ('${ADA}', '${BOB}', 'owner', now()),
                 ('${ADA}', '${CLO}', 'reader', now()), ('${BOB}', '${BOB}', 'owner', now());
        insert into report_preferences (workspace_id, frequency) values ('${ADA}', 'weekly');
      `);
      await applyIt();
      const { rows } = await client.query(
        `select workspace_id, user_id, alert_mode, report_frequency from workspace_members order by workspace_id, user_id`,
      );
      expect(rows).toEqual([
        { workspace_id: ADA, user_id: ADA, alert_mode: "digest", report_frequency: "weekly" },
        { workspace_id: ADA, user_id: BOB, alert_mode: "none", report_frequency: "off" },
        { workspace_id: ADA, user_id: CLO, alert_mode: "none", report_frequency: "off" },
        { workspace_id: BOB, user_id: BOB, alert_mode: "instant", report_frequency: "off" },
      ]);
    } finally {
      await client.close();
    }
  });
});
