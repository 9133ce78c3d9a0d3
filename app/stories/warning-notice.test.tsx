// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, expect, it } from "vitest";
import { WarningNotice } from "./warning-notice";

afterEach(cleanup);

it("names the collapsed warnings and links to the story itself (?show=1, no JavaScript needed)", () => {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <WarningNotice warnings={["gore", "self-harm"]} pathname="/community-story/x" /> },
  ]);
  render(<Stub />);
  expect(screen.getByRole("note").textContent).toContain("Gore, Self-harm or suicide");
  expect(screen.getByRole("link", { name: "Show the story" }).getAttribute("href")).toBe("/community-story/x?show=1");
});
