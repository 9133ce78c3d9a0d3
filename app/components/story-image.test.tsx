// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { StoryImage } from "./story-image";

const image = {
  alt: "A cover",
  src: "https://img.example/large.png",
  width: 1024,
  height: 576,
  lowSrc: "https://img.example/small.png",
  lowWidth: 300,
  lowHeight: 169,
};

function setConnection(connection: object | undefined) {
  Object.defineProperty(navigator, "connection", { value: connection, configurable: true });
}

afterEach(() => {
  cleanup();
  setConnection(undefined);
});

describe("StoryImage", () => {
  it("keeps the normal rendition on a fast connection", () => {
    setConnection({ effectiveType: "4g" });
    render(<StoryImage image={image} low={false} />);
    expect(screen.getByRole("img", { name: "A cover" }).getAttribute("src")).toBe(image.src);
  });

  it.each(["2g", "slow-2g"])("switches to the small rendition on %s", (effectiveType) => {
    setConnection({ effectiveType });
    render(<StoryImage image={image} low={false} />);
    const img = screen.getByRole("img", { name: "A cover" });
    expect(img.getAttribute("src")).toBe(image.lowSrc);
    expect(img.getAttribute("width")).toBe("300");
  });

  it("keeps the server's choice of the small rendition", () => {
    render(<StoryImage image={image} low />);
    expect(screen.getByRole("img", { name: "A cover" }).getAttribute("src")).toBe(image.lowSrc);
  });
});
