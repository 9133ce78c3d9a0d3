import { describe, expect, it } from "vitest";
import { keepRules, pageCss, parseStylesheet, splitPageCss, tokensNeeded, tokensOf } from "./page-css";

const CSS = [
  "@layer properties{@supports (x:y){*,:before{--tw-border-style:solid;--tw-shadow:0 0 #0000}}}",
  "@layer theme{:root,:host{--spacing:.25rem;--text-sm:.875rem;--text-sm--line-height:calc(1.25/.875);--unused:1px}}",
  "@layer base{a{color:inherit;-webkit-text-decoration:inherit;-webkit-text-decoration:inherit}abbr:where([title]){text-decoration:underline dotted}::placeholder{opacity:1}#consent-banner:not(:has([value=decline])){visibility:hidden}}",
  "@layer components{.btn{padding:.5rem}.site-layout:not(:has(.site-header)){padding-top:61px}}",
  "@layer utilities{.mt-2{margin-top:calc(var(--spacing) * 2)}.text-sm{font-size:var(--text-sm);line-height:var(--text-sm--line-height)}.border-t{border-top-style:var(--tw-border-style)}:where(.space-y-2>:not(:last-child)){margin-block-start:1rem}.md\\:block{display:block}@media (width>=48rem){.md\\:w-auto{width:auto}}.hover\\:bg-bg:hover{background:red}.\\[\\&\\>p\\]\\:mt-2>p{margin-top:.5rem}}",
  ":root,[data-theme=light]{--lightningcss-light:initial;--c-bg:#fff}",
  "@property --tw-border-style{syntax:'*';inherits:false;initial-value:solid}",
  "@property --tw-shadow{syntax:'*';inherits:false}",
  "@keyframes glitch{to{opacity:0}}",
  "@keyframes spin{to{rotate:1turn}}.animate-spin{animation:spin 1s}",
].join("");

const tokens = (...names: string[]) => new Set(names);

describe("tokensNeeded", () => {
  it("counts classes, ids and element types outside functional pseudo-classes and attribute selectors", () => {
    expect(tokensNeeded([".a .b:hover", "nav>.c", "abbr:where([title])", "#main-content"])).toEqual([
      ["a", "b"],
      ["c", "<nav"],
      ["<abbr"],
      ["#main-content"],
    ]);
    // :not() and a list never make a rule need more; :is(), :where() and :has() of one selector do.
    expect(
      tokensNeeded([
        ".x:not(.y)",
        ".x:has(>.z)",
        ":where(.space-y-2>:not(:last-child))",
        ":is(.p,.q)",
        ".x:not(:has(.z))",
      ]),
    ).toEqual([["x"], ["x", "z"], ["space-y-2"], [], ["x"]]);
  });
  it("reads Tailwind's escaped class names as the document writes them", () => {
    expect(tokensNeeded([".md\\:block", ".\\[\\&\\>p\\]\\:mt-2>p", ".w-\\31 0"])).toEqual([
      ["md:block"],
      ["[&>p]:mt-2", "<p"],
      ["w-10"],
    ]);
  });
  it("makes a form field's pseudo-elements need a field", () => {
    expect(tokensNeeded(["::placeholder", "::-webkit-date-and-time-value"])).toEqual([["<input"], ["<input"]]);
  });
});

describe("tokensOf", () => {
  it("takes classes (entities decoded), ids and element types", () => {
    expect([...tokensOf('<main id="m" class="a  md:block [&amp;>p]:mt-2"><P>x</P></main>')].sort()).toEqual(
      ["#m", "<main", "<p", "[&>p]:mt-2", "a", "md:block"].sort(),
    );
  });
});

describe("keepRules", () => {
  const nodes = parseStylesheet(CSS);
  it("keeps the rules the document's tokens can match, in the stylesheet's order and wrappers", () => {
    const css = keepRules(nodes, tokens("mt-2", "md:w-auto", "<a"));
    expect(css).toContain(".mt-2{margin-top:calc(var(--spacing) * 2)}");
    expect(css).toContain("@media (width>=48rem){.md\\:w-auto{width:auto}}");
    expect(css).not.toContain(".btn");
    expect(css).not.toContain(".text-sm");
    expect(css).not.toContain("abbr");
    expect(css).not.toContain("placeholder");
    expect(css).not.toContain("consent-banner");
    expect(css).not.toContain(".md\\:block");
    // Without classes: the theme's colours always stay.
    expect(css).toContain(":root,[data-theme=light]{--c-bg:#fff}");
    // Every layer stays declared where it stood, empty or not: the order of the layers is app.css's.
    expect(css.indexOf("@layer properties{")).toBe(0);
    expect(css).toMatch(/@layer theme\{.*\}@layer base\{.*\}@layer components\{\}@layer utilities\{/);
  });
  it("keeps Tailwind's variables, @property rules and keyframes only when a kept rule uses them", () => {
    const css = keepRules(nodes, tokens("mt-2", "text-sm", "border-t"));
    expect(css).toContain(":root,:host{--spacing:.25rem;--text-sm:.875rem;--text-sm--line-height:calc(1.25/.875)}");
    expect(css).toContain("*,:before{--tw-border-style:solid}");
    expect(css).toContain("@property --tw-border-style");
    expect(css).not.toContain("--tw-shadow");
    expect(css).not.toContain("--unused");
    expect(css).not.toContain("--lightningcss-light");
    expect(css).not.toContain("@keyframes");
    expect(keepRules(nodes, tokens("animate-spin"))).toContain("@keyframes spin");
    expect(keepRules(nodes, tokens("animate-spin"))).not.toContain("@keyframes glitch");
  });
  it("writes a declaration Lightning CSS repeated once", () => {
    expect(keepRules(nodes, tokens("<a"))).toContain("a{color:inherit;-webkit-text-decoration:inherit}");
  });
  it("keeps a rule whose classes a :not() names, and Tailwind's :where() spacing", () => {
    const css = keepRules(nodes, tokens("site-layout", "space-y-2", "[&>p]:mt-2", "<p"));
    expect(css).toContain(".site-layout:not(:has(.site-header)){padding-top:61px}");
    expect(css).toContain(":where(.space-y-2>:not(:last-child))");
    expect(css).toContain(".\\[\\&\\>p\\]\\:mt-2>p{margin-top:.5rem}");
  });
});

describe("splitPageCss", () => {
  const page = (css: string, body: string) =>
    `<!DOCTYPE html><html><head><style data-precedence="critical" data-href="critical-css">${css}</style></head><body>${body}</body></html>`;
  const link = '<link rel="stylesheet" href="/assets/site-x.css#after-main" data-site-css=""/>';

  it("keeps in the head what comes before site.css's link paints", () => {
    const html = page(CSS, `<main class="mt-2">x</main>${link}<header class="btn text-sm"></header>`);
    const out = splitPageCss(html);
    const head = out.slice(0, out.indexOf("</style>"));
    expect(head).toContain(".mt-2{");
    expect(head).not.toContain(".btn{");
    expect(head).not.toContain(".text-sm{");
    expect(out.slice(out.indexOf("</style>"))).toBe(html.slice(html.indexOf("</style>")));
  });
  it("links site.css in the head where the browser holds it, and inlines only what site.css lacks", () => {
    const html = page(CSS, `<main class="mt-2">x</main>${link}<header class="btn text-sm"></header>`);
    const out = splitPageCss(html, { linkSiteCss: true });
    const head = out.slice(0, out.indexOf("</head>"));
    // Every layer declared where it stood, empty: the order stays app.css's, the rules are site.css's.
    expect(head).toContain(
      "@layer properties{}@layer theme{}@layer base{}@layer components{}@layer utilities{}:root,[data-theme=light]{--lightningcss-light:initial;--c-bg:#fff}",
    );
    expect(head).not.toContain(".mt-2{");
    expect(head).not.toContain("@property");
    expect(head).toContain("@keyframes spin");
    expect(head).toMatch(/<\/style><link rel="stylesheet" href="\/assets\/site-x\.css" data-precedence="critical">$/);
    expect(out.slice(out.indexOf("<body>"))).toBe(html.slice(html.indexOf("<body>")));
    // Without the link after <main> (the bare shell's pages) nothing changes.
    const bare = page(CSS, '<main class="mt-2">x</main>');
    expect(splitPageCss(bare, { linkSiteCss: true })).toBe(bare);
  });
  it("leaves a document without the link as it is", () => {
    const html = page(CSS, '<main class="mt-2">x</main>');
    expect(splitPageCss(html)).toBe(html);
  });
  it("gives the same answer from its cache", () => {
    expect(pageCss(CSS, tokens("mt-2"))).toBe(pageCss(CSS, tokens("mt-2")));
    expect(pageCss(CSS, tokens("mt-2"))).not.toBe(pageCss(CSS, tokens("btn")));
  });
});
