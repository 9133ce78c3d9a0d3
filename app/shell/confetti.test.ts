// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { CONFETTI_COLOURS, celebrate } from "./confetti";

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: reduce && query.includes("prefers-reduced-motion"),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
}

afterEach(() => {
  document.body.innerHTML = "";
  delete document.documentElement.dataset.motion;
});

describe("confetti", () => {
  it("drops 18 particles in 4 colours", () => {
    mockReducedMotion(false);
    expect(celebrate()).toBe(18);
    const particles = [...document.querySelectorAll<HTMLElement>(".hs-confetti")];
    expect(particles).toHaveLength(18);
    const colours = new Set(particles.map((p) => p.style.background));
    expect(colours.size).toBe(4);
    expect(CONFETTI_COLOURS).toHaveLength(4);
    // Decoration only: screen readers skip it.
    expect(document.querySelector(".hs-confetti-layer")?.getAttribute("aria-hidden")).toBe("true");
  });

  it("drops nothing with prefers-reduced-motion", () => {
    mockReducedMotion(true);
    expect(celebrate()).toBe(0);
    expect(document.querySelectorAll(".hs-confetti")).toHaveLength(0);
  });

  it("drops nothing with the reader's reduced-motion setting", () => {
    mockReducedMotion(false);
    document.documentElement.dataset.motion = "reduce";
    expect(celebrate()).toBe(0);
    expect(document.querySelectorAll(".hs-confetti")).toHaveLength(0);
  });
});
