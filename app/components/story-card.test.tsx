// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { StorySummary } from "~/content/story";
import { formatDate, StoryCard } from "./story-card";

const story: StorySummary = {
  id: 1,
  slug: "bread-and-salt",
  title: "Bread & Salt",
  excerpt: "",
  date: "2024-10-18T21:48:00.000Z",
  author: null,
  categories: [],
  featuredMedia: 0,
};

function renderCard(summary: StorySummary) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <StoryCard story={summary} /> }]);
  render(<Stub />);
}

afterEach(cleanup);

describe("StoryCard", () => {
  it("marks a community story, links its page and its writer", () => {
    renderCard({ ...story, community: { author: "mara", profile: "/author/mara" } });
    expect(screen.getByRole("link", { name: "Bread & Salt" }).getAttribute("href")).toBe(
      "/community-story/bread-and-salt",
    );
    expect(screen.getByText("Community")).toBeTruthy();
    expect(screen.getByRole("link", { name: "mara" }).getAttribute("href")).toBe("/author/mara");
  });

  it("links a story to its page", () => {
    renderCard(story);
    expect(screen.getByRole("link", { name: "Bread & Salt" }).getAttribute("href")).toBe("/story/bread-and-salt");
  });

  it("does not link the default post of an invalid item, which has no page", () => {
    renderCard({ ...story, id: 42, slug: "post-42", title: "Untitled Post", placeholder: true });
    expect(screen.getByRole("heading", { name: "Untitled Post" })).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
  });
});

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
