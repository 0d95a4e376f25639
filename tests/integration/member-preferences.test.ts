// Alert mode and report frequency are each member's own, in each workspace: a newcomer starts with none / off,
// a reader may choose, and nobody's choice changes another member's.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getAlertPrefs, PUT as putAlertPrefs } from "@/app/api/users/me/alert-preferences/route";
import { GET as getReportPrefs, PUT as putReportPrefs } from "@/app/api/users/me/report-preferences/route";
import { getDb } from "@/db";
import { call, signUp } from "../helpers/api";
import { addMember, tokenIn } from "../helpers/workspaces";
import { alertsUser } from "./alerts-fixtures";

const ALERTS = "/api/users/me/alert-preferences";
const REPORTS = "/api/users/me/report-preferences";

beforeAll(async () => {
  await getDb();
}, 180_000);

describe("per-member preferences", () => {
  it("start at none / off for a member, are the reader's own to set, and leave the owner's alone", async () => {
    const owner = await alertsUser();
    const reader = await signUp();
    await addMember(owner.workspaceId, reader.userId, "reader");
    const token = await tokenIn(owner.workspaceId, reader.userId, "reader");

    expect((await call(getAlertPrefs, ALERTS, { token })).json).toEqual({ alert_mode: "none", has_email_alerts: true });
    expect((await call(getReportPrefs, REPORTS, { token })).json).toEqual({ frequency: "off", can_subscribe: true });

    const alert = await call(putAlertPrefs, ALERTS, { method: "PUT", token, body: { alert_mode: "digest" } });
    expect(alert.status).toBe(200);
    expect(alert.json).toMatchObject({ alert_mode: "digest" });
    const report = await call(putReportPrefs, REPORTS, { method: "PUT", token, body: { frequency: "weekly" } });
    expect(report.status).toBe(200);
    expect((await call(getAlertPrefs, ALERTS, { token })).json.alert_mode).toBe("digest");
    expect((await call(getReportPrefs, REPORTS, { token })).json.frequency).toBe("weekly");

    // the owner's own choices, unchanged
    expect((await call(getAlertPrefs, ALERTS, { token: owner.token })).json.alert_mode).toBe("instant");
    expect((await call(getReportPrefs, REPORTS, { token: owner.token })).json.frequency).toBe("off");
    // and the reader's own workspace keeps its own settings
    expect((await call(getAlertPrefs, ALERTS, { token: reader.token })).json.alert_mode).toBe("instant");
  });
});
