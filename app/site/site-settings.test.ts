import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { parseSettingValue, passesMaintenance, SiteSettingsSchema, SYNC_INTERVAL_BOUNDS } from "./site-settings";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};
const valid = {
  communityContent: "on",
  registrationOpen: "off",
  maintenanceMode: "off",
  syncIntervalMinutes: "15",
  contactEmail: " Team@Example.com ",
};

describe("the settings form", () => {
  it("turns on/off into booleans, the interval into a number and tidies the address", () => {
    const submission = parseWithZod(form(valid), { schema: SiteSettingsSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({
      communityContent: true,
      registrationOpen: false,
      maintenanceMode: false,
      syncIntervalMinutes: 15,
      contactEmail: "team@example.com",
    });
  });

  it.each([
    ["syncIntervalMinutes", String(SYNC_INTERVAL_BOUNDS.min - 1)],
    ["syncIntervalMinutes", String(SYNC_INTERVAL_BOUNDS.max + 1)],
    ["syncIntervalMinutes", "7.5"],
    ["syncIntervalMinutes", "soon"],
    ["contactEmail", "not an address"],
    ["maintenanceMode", "yes"],
  ])("refuses %s = %s with a message on that field", (name, value) => {
    const submission = parseWithZod(form({ ...valid, [name]: value }), { schema: SiteSettingsSchema });
    expect(submission.status).toBe("error");
    expect(submission.status === "error" && submission.error?.[name]?.length).toBeGreaterThan(0);
  });

  it("accepts both bounds of the interval", () => {
    for (const minutes of [SYNC_INTERVAL_BOUNDS.min, SYNC_INTERVAL_BOUNDS.max]) {
      const submission = parseWithZod(form({ ...valid, syncIntervalMinutes: String(minutes) }), {
        schema: SiteSettingsSchema,
      });
      expect(submission.status).toBe("success");
    }
  });

  it("never reads a missing on/off as off (a missing field is an error)", () => {
    const { registrationOpen: _, ...rest } = valid;
    const submission = parseWithZod(form(rest), { schema: SiteSettingsSchema });
    expect(submission.status).toBe("error");
    expect(submission.status === "error" && submission.error?.registrationOpen?.length).toBeGreaterThan(0);
  });
});

describe("stored values", () => {
  it("reads valid values and falls back to the default for missing or invalid ones", () => {
    expect(parseSettingValue("maintenanceMode", "true", false)).toBe(true);
    expect(parseSettingValue("maintenanceMode", "false", true)).toBe(false);
    expect(parseSettingValue("maintenanceMode", "junk", false)).toBe(false);
    expect(parseSettingValue("maintenanceMode", undefined, true)).toBe(true);
    expect(parseSettingValue("syncIntervalMinutes", "30", 5)).toBe(30);
    expect(parseSettingValue("syncIntervalMinutes", "1", 5)).toBe(5);
    expect(parseSettingValue("syncIntervalMinutes", "100000", 5)).toBe(5);
    expect(parseSettingValue("syncIntervalMinutes", "12abc", 5)).toBe(5);
    expect(parseSettingValue("contactEmail", "a@b.example", "x@y.example")).toBe("a@b.example");
    expect(parseSettingValue("contactEmail", "nope", "x@y.example")).toBe("x@y.example");
  });
});

describe("the maintenance rule", () => {
  it("lets admins through everywhere", () => {
    for (const path of ["/", "/stories", "/story/x", "/api/posts", "/admin/settings"]) {
      expect(passesMaintenance(path, true)).toBe(true);
    }
  });

  it("keeps sign-in, sign-out, the health check and the admin area open for everyone", () => {
    for (const path of ["/auth", "/auth.data", "/auth/oidc/keycloak", "/logout", "/api/health", "/admin", "/admin/x"]) {
      expect(passesMaintenance(path, false), path).toBe(true);
    }
  });

  it("closes every reader page and the registration API", () => {
    for (const path of [
      "/",
      "/home",
      "/stories",
      "/story/a",
      "/_root.data",
      "/api/posts",
      "/api/auth/register",
      "/authors",
      "/administrator",
    ]) {
      expect(passesMaintenance(path, false), path).toBe(false);
    }
  });
});
