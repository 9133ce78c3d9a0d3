import { describe, expect, it } from "vitest";
import type { BrowserNotification } from "./notification-schemas";
import {
  badgeLabel,
  evaluateIgnoredRule,
  mergeBrowserNotifications,
  NOTIFICATIONS,
  safeNotificationLink,
} from "./notifications";

describe("the badge (spec §2, §9: 99+)", () => {
  it("shows the unread count, nothing at zero, 99+ above 99", () => {
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(1)).toBe("1");
    expect(badgeLabel(99)).toBe("99");
    expect(badgeLabel(100)).toBe("99+");
    expect(badgeLabel(12_345)).toBe("99+");
    expect(badgeLabel(-3)).toBeNull();
  });
});

describe("the ignored-notification rule (spec §4)", () => {
  const now = 1_800_000_000_000;
  const base = { now, unread: 2, panelLastOpenedAt: now - 31_000, oldestUnreadAt: null, cursed: false };

  it("adds one cursed notification when unread ones were ignored for more than 30 s", () => {
    expect(evaluateIgnoredRule(base)).toEqual({ addCursed: true, cursed: true });
  });

  it("waits while the panel was opened 30 s ago or less", () => {
    expect(evaluateIgnoredRule({ ...base, panelLastOpenedAt: now - NOTIFICATIONS.ignoredThresholdMs })).toEqual({
      addCursed: false,
      cursed: false,
    });
    expect(evaluateIgnoredRule({ ...base, panelLastOpenedAt: now - 1_000 }).addCursed).toBe(false);
  });

  it("adds no second one while a cursed notification exists", () => {
    expect(evaluateIgnoredRule({ ...base, cursed: true })).toEqual({ addCursed: false, cursed: true });
  });

  it("does nothing without unread notifications, and the flag resets when the unread count reaches zero", () => {
    expect(evaluateIgnoredRule({ ...base, unread: 0 })).toEqual({ addCursed: false, cursed: false });
    expect(evaluateIgnoredRule({ ...base, unread: 0, cursed: true })).toEqual({ addCursed: false, cursed: false });
  });

  it("counts from the oldest unread notification when the panel was never opened", () => {
    const never = { ...base, panelLastOpenedAt: null };
    expect(evaluateIgnoredRule({ ...never, oldestUnreadAt: now - 5_000 }).addCursed).toBe(false);
    expect(evaluateIgnoredRule({ ...never, oldestUnreadAt: now - 30_001 }).addCursed).toBe(true);
    expect(evaluateIgnoredRule({ ...never, oldestUnreadAt: null }).addCursed).toBe(false);
  });
});

describe("merging browser notifications into an account", () => {
  const item = (over: Partial<BrowserNotification>): BrowserNotification => ({
    id: "n1",
    type: "other",
    title: "Hello",
    message: "A message",
    link: null,
    storyId: null,
    date: "2026-11-20T10:00:00.000Z",
    read: false,
    ...over,
  });

  it("keeps each notification once: by story link for new stories, by browser id for the rest", () => {
    const rows = mergeBrowserNotifications(
      ["new-story:/reader/the-well"],
      [
        item({ id: "a", type: "new-story", link: "/reader/the-well" }),
        item({ id: "b", type: "new-story", link: "/reader/the-attic" }),
        item({ id: "c", type: "new-story", link: "/reader/the-attic" }),
        item({ id: "d" }),
        item({ id: "d" }),
      ],
    );
    expect(rows.map((r) => r.dedupeKey)).toEqual(["new-story:/reader/the-attic", "browser:d"]);
    expect(rows[0]).toMatchObject({ type: "new-story", link: "/reader/the-attic", read: false });
    expect(rows[0]?.date).toEqual(new Date("2026-11-20T10:00:00.000Z"));
  });

  it("leaves cursed notifications behind and drops links that leave the site", () => {
    const rows = mergeBrowserNotifications(
      [],
      [item({ id: "x", type: "cursed", link: "/notifications" }), item({ id: "y", link: "https://evil.example/" })],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ dedupeKey: "browser:y", link: null });
  });

  it("accepts same-site paths only as links", () => {
    expect(safeNotificationLink("/reader/the-well")).toBe("/reader/the-well");
    for (const bad of ["//evil.example", "https://evil.example", "/\\evil.example", "javascript:alert(1)", "", 3]) {
      expect(safeNotificationLink(bad)).toBeNull();
    }
  });
});
