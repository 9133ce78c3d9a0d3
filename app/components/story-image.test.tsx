// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StoryImage } from "./story-image";

const image = {
  alt: "A cover",
  src: "/img/t/640.jpg",
  width: 1200,
  height: 675,
  sizes: "(min-width: 48rem) 42rem, calc(100vw - 2rem)",
  sources: [
    { type: "image/avif", srcSet: "/img/t/320.avif 320w, /img/t/640.avif 640w" },
    { type: "image/webp", srcSet: "/img/t/320.webp 320w, /img/t/640.webp 640w" },
  ],
};

function setConnection(connection: object | undefined) {
  Object.defineProperty(navigator, "connection", { value: connection, configurable: true });
}

afterEach(() => {
  cleanup();
  setConnection(undefined);
});

describe("StoryImage", () => {
  it("is the one eager, high-priority image above the fold, with its size and both formats", () => {
    const { container } = render(<StoryImage image={image} priority />);
    const img = screen.getByRole("img", { name: "A cover" });
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("fetchpriority")).toBe("high");
    expect(img.getAttribute("width")).toBe("1200");
    expect(img.getAttribute("height")).toBe("675");
    const sources = [...container.querySelectorAll("picture > source")];
    expect(sources.map((s) => s.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
    expect(sources[0]?.getAttribute("sizes")).toBe(image.sizes);
    expect(sources[0]?.getAttribute("srcset")).toContain("640w");
  });

  it("loads lazily and without priority when it is not the image above the fold", () => {
    render(<StoryImage image={image} />);
    const img = screen.getByRole("img", { name: "A cover" });
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("fetchpriority")).toBeNull();
  });

  it("waits behind a closed 'Show image' disclosure when the server saw a slow connection", () => {
    const { container } = render(<StoryImage image={image} priority deferred />);
    const details = container.querySelector("details");
    expect(details?.open).toBe(false);
    expect(screen.getByText("Show image: A cover")).toBeTruthy();
    expect(container.querySelector("img")?.getAttribute("loading")).toBe("lazy");
  });

  it.each(["2g", "slow-2g"])("holds the image back on a client navigation over %s", async (effectiveType) => {
    // A fresh module: its first render stands for the hydrated page, where the server's choice stands.
    vi.resetModules();
    const { StoryImage } = await import("./story-image");
    setConnection({ effectiveType });
    const first = render(<StoryImage image={image} priority />);
    expect(first.container.querySelector("details")).toBeNull();
    first.unmount();
    await act(async () => {});
    const { container } = render(<StoryImage image={image} priority />);
    expect(container.querySelector("details")).not.toBeNull();
  });

  it("keeps the image on a fast connection after hydration", () => {
    setConnection({ effectiveType: "4g" });
    const { container } = render(<StoryImage image={image} priority />);
    expect(container.querySelector("details")).toBeNull();
  });
});
