import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./dates";

describe("formatDate", () => {
  it("says what toLocaleDateString said, in UTC, for dates and ISO strings", () => {
    const options = { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" } as const;
    for (const value of ["2024-09-30T23:30:00Z", "2026-01-01", "1999-12-31T00:00:00.000Z", new Date(0)]) {
      expect(formatDate(value)).toBe(new Date(value).toLocaleDateString("en-US", options));
    }
    expect(formatDate("2024-09-30T23:30:00Z")).toBe("September 30, 2024");
    // Every day of 1970-2100 at a moment near midnight either side, as Intl writes it.
    const intl = new Intl.DateTimeFormat("en-US", options);
    for (let t = Date.UTC(1970, 0, 1); t < Date.UTC(2101, 0, 1); t += 86_400_000) {
      for (const moment of [t, t + 86_399_999]) expect(formatDate(new Date(moment))).toBe(intl.format(moment));
    }
  });

  it("does not throw on a value that is no date", () => {
    expect(formatDate("not a date")).toBe("Invalid Date");
  });
});

describe("formatDateTime", () => {
  it("writes the date, the hour and minute of UTC on a 24-hour clock, and says UTC", () => {
    expect(formatDateTime("2024-09-30T23:30:59Z")).toBe("September 30, 2024, 23:30 UTC");
    expect(formatDateTime(new Date(Date.UTC(2026, 0, 5, 7, 4)))).toBe("January 5, 2026, 07:04 UTC");
    expect(formatDateTime("2026-11-29T00:00:00.000Z")).toBe("November 29, 2026, 00:00 UTC");
    expect(formatDateTime("not a date")).toBe("Invalid Date");
  });
});
