// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
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
  preview: "data:image/webp;base64,UklGRg==",
};

type Props = Parameters<typeof StoryImage>[0];

/** Rendered inside a router (the "Show the full image" link needs one). */
function show(props: Props, Component: typeof StoryImage = StoryImage) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <Component {...props} /> }]);
  return render(<Stub />);
}

function setConnection(connection: object | undefined) {
  Object.defineProperty(navigator, "connection", { value: connection, configurable: true });
}

afterEach(() => {
  cleanup();
  setConnection(undefined);
});

describe("StoryImage", () => {
  it("on a fast connection is the one eager, high-priority image, with its size and both formats", () => {
    const { container } = show({ image, priority: true, connection: "fast" });
    const img = screen.getByRole("img", { name: "A cover" });
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("fetchpriority")).toBe("high");
    expect(img.getAttribute("width")).toBe("1200");
    expect(img.getAttribute("height")).toBe("675");
    const sources = [...container.querySelectorAll("picture > source")];
    expect(sources.map((s) => s.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
    expect(sources[0]?.getAttribute("sizes")).toBe(image.sizes);
    expect(sources[0]?.getAttribute("srcset")).toContain("640w");
    expect(container.querySelector("a")).toBeNull();
  });

  it("reserves the image's box with the inline preview in it", async () => {
    const { container } = show({ image, connection: "slow" });
    await screen.findByRole("link");
    const style = container.querySelector("#story-image > div")?.getAttribute("style") ?? "";
    expect(style).toContain("aspect-ratio: 1200 / 675");
    expect(style).toContain("data:image/webp");
  });

  it("without priority loads lazily", () => {
    show({ image, connection: "fast" });
    const img = screen.getByRole("img", { name: "A cover" });
    expect(img.getAttribute("fetchpriority")).toBeNull();
  });

  it("on a slow connection shows the preview and a 'Show the full image' link, and no image", async () => {
    setConnection({ effectiveType: "4g" });
    const { container } = show({ image, priority: true, connection: "slow" });
    await act(async () => {});
    const link = await screen.findByRole("link", { name: "Show the full image: A cover" });
    expect(link.getAttribute("href")).toBe("/?image=full#story-image");
    expect(container.querySelector("img")).toBeNull();
  });

  it("with no hints, shows the image after hydration on a connection that is not slow", async () => {
    setConnection({ effectiveType: "4g" });
    const { container } = show({ image, priority: true, connection: "unknown" });
    expect(await screen.findByRole("img", { name: "A cover" })).toBeTruthy();
    expect(container.querySelector("a")).toBeNull();
  });

  it.each(["2g", "slow-2g"])("with no hints, keeps the disclosure on %s", async (effectiveType) => {
    setConnection({ effectiveType });
    const { container } = show({ image, priority: true, connection: "unknown" });
    await screen.findByRole("link", { name: /Show the full image/ });
    await act(async () => {});
    expect(container.querySelector("img")).toBeNull();
  });

  it("the server's render (before hydration) has the disclosure when there are no hints", async () => {
    vi.resetModules();
    const { renderToString } = await import("react-dom/server");
    const { StoryImage: Fresh } = await import("./story-image");
    const { createRoutesStub: stub } = await import("react-router");
    const Stub = stub([{ path: "/", Component: () => <Fresh image={image} priority connection="unknown" /> }]);
    const html = renderToString(<Stub />);
    expect(html).toContain("Show the full image");
    expect(html).not.toContain("<img");
    expect(html).not.toContain('fetchpriority="high"');
  });
});
