// Every element's computed styles, to hold two renders of a page to looking the same (the
// inlined sheet against site.css: tests/e2e/page-css.js-only.spec.ts, second-page.spec.ts).
import type { Page } from "@playwright/test";

const PROPERTIES = [
  "display",
  "position",
  "visibility",
  "font-family",
  "font-size",
  "font-weight",
  "line-height",
  "color",
  "background-color",
  "margin-top",
  "margin-left",
  "padding-top",
  "padding-left",
  "border-top-width",
  "border-radius",
  "gap",
  "grid-template-columns",
  "text-decoration-line",
] as const;

/**
 * Every element of the body with its computed styles (the first 600: the chrome and the page's
 * top), and the size of the header, the page and the footer. Not every element's size: a status
 * line (the dashboard's "updated" time) may say something else on the second load.
 */
export function computedStyles(page: Page) {
  return page.evaluate((properties) => {
    const elements = [...document.body.querySelectorAll("*")].filter(
      (e) => !e.closest("script, style, template, link") && !(e instanceof HTMLScriptElement),
    );
    const boxes = ["header.site-header", "main", "body > div footer", "#site-sidebar"].map((selector) => {
      const box = document.querySelector(selector)?.getBoundingClientRect();
      return `${selector} ${box ? `${Math.round(box.x)},${Math.round(box.width)}` : "none"}`;
    });
    return [
      ...boxes,
      ...elements.slice(0, 600).map((element) => {
        const style = getComputedStyle(element);
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${[...element.classList].join(".")}`;
        return [name, ...properties.map((p) => style.getPropertyValue(p))].join(" | ");
      }),
    ];
  }, PROPERTIES);
}
