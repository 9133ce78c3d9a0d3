// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { StorySummary } from "~/content/story";
import { StoryCard } from "./story-card";

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
