// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { isInPageJump } from "./in-page-jumps";

const here = { origin: "https://horror.test", pathname: "/story/the-sealed-letter", search: "" };

function clickOn(html: string, init: MouseEventInit = {}) {
  document.body.innerHTML = html;
  const target = document.body.querySelector("[data-click]") ?? document.body.firstElementChild;
  const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init });
  Object.defineProperty(event, "target", { value: target });
  return event;
}

describe("an in-page jump", () => {
  // Relative links resolve against the document's address.
  beforeEach(() => {
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
      `${here.origin}${here.pathname}${here.search}`,
    );
  });

  it("is a link to a fragment of this page, also from an element inside the link", () => {
    expect(isInPageJump(clickOn('<a href="#top">Back to top</a>'), here)).toBe(true);
    expect(isInPageJump(clickOn('<a href="/story/the-sealed-letter#p-12"><span data-click>Go</span></a>'), here)).toBe(
      true,
    );
    expect(isInPageJump(clickOn('<a href="https://horror.test/story/the-sealed-letter#reply-3">Reply</a>'), here)).toBe(
      true,
    );
  });

  it("is not a link to another page, another query, another site, or without a fragment", () => {
    expect(isInPageJump(clickOn('<a href="/stories#top">Stories</a>'), here)).toBe(false);
    expect(isInPageJump(clickOn('<a href="?page=2#top">Next</a>'), here)).toBe(false);
    expect(isInPageJump(clickOn('<a href="https://elsewhere.test/story/the-sealed-letter#top">Out</a>'), here)).toBe(
      false,
    );
    expect(isInPageJump(clickOn('<a href="/story/the-sealed-letter">Again</a>'), here)).toBe(false);
    expect(isInPageJump(clickOn("<button data-click>Not a link</button>"), here)).toBe(false);
  });

  it("is not a click that opens the link elsewhere or that the page took over", () => {
    expect(isInPageJump(clickOn('<a href="#top" target="_blank">New tab</a>'), here)).toBe(false);
    expect(isInPageJump(clickOn('<a href="#top" download>Save</a>'), here)).toBe(false);
    expect(isInPageJump(clickOn('<a href="#top">Top</a>', { ctrlKey: true }), here)).toBe(false);
    expect(isInPageJump(clickOn('<a href="#top">Top</a>', { button: 1 }), here)).toBe(false);
    const taken = clickOn('<a href="#top">Top</a>');
    taken.preventDefault();
    expect(isInPageJump(taken, here)).toBe(false);
  });
});
