// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { markHydrated } from "~/utils/use-hydrated";
import { HERO_SCRIPT, StoryImage } from "./story-image";

const image = {
  alt: 'A "cover" <b>',
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

/** Inside a router, as on a page. */
function stub(props: Props) {
  return createRoutesStub([{ path: "/", Component: () => <StoryImage {...props} /> }]);
}

/** A render in the browser: a client navigation to the page (not the hydration of the server's page). */
function show(props: Props) {
  const Stub = stub(props);
  return render(<Stub />);
}

function setConnection(connection: object | undefined) {
  Object.defineProperty(navigator, "connection", { value: connection, configurable: true });
}

/** The inline script as the browser runs it while parsing: `document.currentScript` is the script element. */
function runHeroScript(container: Element) {
  const script = container.querySelector("script");
  if (!script) throw new Error("no inline script");
  expect(script.textContent).toBe(HERO_SCRIPT);
  new Function("document", HERO_SCRIPT)({ currentScript: script });
}

afterEach(() => {
  cleanup();
  setConnection(undefined);
  document.body.innerHTML = "";
});

describe("StoryImage", () => {
  it("on a fast connection is the one eager, high-priority image, with its size and both formats", () => {
    const { container } = show({ image, priority: true, connection: "fast" });
    const img = screen.getByRole("img", { name: image.alt });
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("fetchpriority")).toBe("high");
    // The preview is painted under it: the text does not wait for the image to decode.
    expect(img.getAttribute("decoding")).toBe("async");
    expect(img.getAttribute("width")).toBe("1200");
    expect(img.getAttribute("height")).toBe("675");
    const sources = [...container.querySelectorAll("picture > source")];
    expect(sources.map((s) => s.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
    expect(sources[0]?.getAttribute("sizes")).toBe(image.sizes);
    expect(sources[0]?.getAttribute("srcset")).toContain("640w");
    expect(container.querySelector("a")).toBeNull();
    expect(container.querySelector("script")).toBeNull();
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
    const img = screen.getByRole("img", { name: image.alt });
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("fetchpriority")).toBeNull();
  });

  it("on a slow connection shows the preview and a 'Show the full image' link, and no image", async () => {
    setConnection({ effectiveType: "4g" });
    const { container } = show({ image, priority: true, connection: "slow" });
    const link = await screen.findByRole("link", { name: `Show the full image: ${image.alt}` });
    expect(link.getAttribute("href")).toBe("?image=full#story-image");
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("template")).toBeNull();
    expect(container.querySelector("script")).toBeNull();
  });

  it("on a client navigation with no hints, shows the image at once on a connection that is not slow", async () => {
    // A client navigation happens in a running app: the root has marked it hydrated.
    markHydrated();
    setConnection({ effectiveType: "4g" });
    const { container } = show({ image, priority: true, connection: "unknown" });
    expect(await screen.findByRole("img", { name: image.alt })).toBeTruthy();
    expect(container.querySelector("a")).toBeNull();
    expect(container.querySelector("script")).toBeNull();
  });

  it.each(["2g", "slow-2g"])("on a client navigation with no hints, keeps the link on %s", async (effectiveType) => {
    setConnection({ effectiveType });
    const { container } = show({ image, priority: true, connection: "unknown" });
    await screen.findByRole("link", { name: /Show the full image/ });
    await act(async () => {});
    expect(container.querySelector("img")).toBeNull();
  });

  it("the server's page with no hints has the link, the image only in an inert template, and the script", () => {
    const Stub = stub({ image, priority: true, connection: "unknown" });
    const html = renderToString(<Stub />);
    document.body.innerHTML = html;
    const box = document.querySelector("#story-image > div");
    expect(box?.querySelector(":scope > p > a")?.textContent).toBe(`Show the full image: ${image.alt}`);
    // Nothing outside the template is an image: the parser fetches nothing.
    expect(document.querySelectorAll("img")).toHaveLength(0);
    const template = box?.querySelector("template") as HTMLTemplateElement;
    const img = template.content.querySelector("img");
    expect(img?.getAttribute("alt")).toBe(image.alt);
    expect(img?.getAttribute("fetchpriority")).toBe("high");
    expect(html).toContain("&lt;b&gt;");
    expect(html).not.toContain("<b>");
    expect(document.querySelector("#story-image > script")?.textContent).toBe(HERO_SCRIPT);
  });

  it.each([
    ["4g", true],
    ["3g", true],
    [undefined, true],
    ["2g", false],
    ["slow-2g", false],
  ])("the inline script on %s shows the image before hydration: %s", (effectiveType, shown) => {
    setConnection(effectiveType ? { effectiveType } : undefined);
    const Stub = stub({ image, priority: true, connection: "unknown" });
    document.body.innerHTML = renderToString(<Stub />);
    runHeroScript(document.body);
    const box = document.querySelector("#story-image > div");
    expect(box?.querySelectorAll("img")).toHaveLength(shown ? 1 : 0);
    expect(box?.querySelector("a") === null).toBe(shown);
    expect(box?.querySelector("template") === null).toBe(shown);
  });

  it("Save-Data keeps the link whatever the connection type", () => {
    setConnection({ effectiveType: "4g", saveData: true });
    const Stub = stub({ image, priority: true, connection: "unknown" });
    document.body.innerHTML = renderToString(<Stub />);
    runHeroScript(document.body);
    expect(document.querySelectorAll("img")).toHaveLength(0);
  });

  it("hydration keeps the image the script put in place, with no mismatch reported", async () => {
    setConnection({ effectiveType: "4g" });
    const Stub = stub({ image, priority: true, connection: "unknown" });
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Stub />);
    document.body.append(container);
    runHeroScript(container);
    const img = container.querySelector("img");
    expect(img).not.toBeNull();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const recoverable: unknown[] = [];
    try {
      await act(async () => {
        hydrateRoot(container, <Stub />, { onRecoverableError: (error) => recoverable.push(error) });
      });
      expect(recoverable).toEqual([]);
      expect(errors).not.toHaveBeenCalled();
      // The same element: the image is neither fetched again nor swapped for the link.
      expect(container.querySelector("img")).toBe(img);
      expect(container.querySelector("a")).toBeNull();
    } finally {
      errors.mockRestore();
    }
  });
});
