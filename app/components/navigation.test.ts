import { describe, expect, it } from "vitest";
import { ADMIN_NAV, isCurrent, SIDEBAR_GROUPS } from "./navigation";

const currentEntry = (pathname: string) =>
  ADMIN_NAV.filter((item) => isCurrent(item.to, pathname, item.covers)).map((item) => item.label);

describe("the admin navigation (spec §2, §6)", () => {
  it("has exactly the spec's five entries, in the sidebar's Administration group too", () => {
    const labels = ["Dashboard", "Content Management", "Theme Management", "User Management", "Insights & Reports"];
    expect(ADMIN_NAV.map((item) => item.label)).toEqual(labels);
    expect(SIDEBAR_GROUPS.find((g) => g.id === "admin")?.items.map((item) => item.label)).toEqual(labels);
  });

  it("marks the entry whose group holds the page, and only that one", () => {
    expect(currentEntry("/admin")).toEqual(["Dashboard"]);
    expect(currentEntry("/admin/dashboard")).toEqual(["Dashboard"]);
    for (const path of ["/admin/stories", "/admin/content", "/admin/content-management", "/admin/wordpress-sync"])
      expect(currentEntry(path)).toEqual(["Content Management"]);
    expect(currentEntry("/admin/themes")).toEqual(["Theme Management"]);
    expect(currentEntry("/admin/users")).toEqual(["User Management"]);
    expect(currentEntry("/admin/content-moderation")).toEqual(["User Management"]);
    expect(currentEntry("/admin/content-moderation/reports")).toEqual(["User Management"]);
    for (const path of ["/admin/analytics", "/admin/site-statistics", "/admin/feedback", "/admin/bug-reports"])
      expect(currentEntry(path)).toEqual(["Insights & Reports"]);
    expect(currentEntry("/stories")).toEqual([]);
  });
});
