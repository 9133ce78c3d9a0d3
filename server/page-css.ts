// The inlined stylesheet carries only the rules a document paints before the rest of the site's
// stylesheet arrives (issue 45, docs/decisions/043).
//
// The app renders the whole reading path's stylesheet (app.css) into the head (decisions 003,
// 034), and the site layout links site.css, the whole site's, right after <main> (marked
// `data-site-css`): a stylesheet in the body holds back only what follows it. On its way out
// every document passes here. The inlined sheet is parsed once into its rules, @layer, @media,
// @supports and @container wrappers and order kept, and a style rule stays only if one of its
// selectors can match what comes before that link: every class and element type the selector
// needs appears there. Classes inside `:not()` or a selector list (`:is(.a, .b)`) are not counted,
// so when in doubt a rule stays; rules without classes or
// types (`:root`, `[data-theme]`, `*`) always stay, and so do other at-rules (@font-face),
// but @keyframes and Tailwind's own custom properties (`@property --tw-x`, the theme's and the
// properties layer's variables) only when a kept rule uses them.
//
// An element before the link can only match a rule whose classes and types are on it, its
// ancestors or its earlier siblings, all of which come before the link too: so the page looks
// the same before and after site.css arrives, and site.css, later and complete, decides for
// everything after it as one stylesheet would (decision 034's lesson).
//
// The result is kept per set of class names and types: a site has few distinct sets (each story
// shows the same classes), so the filter runs once per set, not per request.
import { decodeHTML } from "entities";
import { LRUCache } from "lru-cache";
import postcss, {
  type AtRule,
  type ChildNode,
  type Container,
  type Declaration as PostcssDeclaration,
  type Rule,
} from "postcss";

/** What app/styles/critical-css.tsx renders: React's hoisted stylesheet of precedence "critical". */
const CRITICAL_STYLE = /<style data-precedence="critical" data-href="critical-css">([\s\S]*?)<\/style>/;
/** The site layout's link of site.css after <main> (app/styles/site-css.ts). */
const SITE_CSS_LINK = /<link\b[^>]*\sdata-site-css=""[^>]*>/;
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const ID_ATTRIBUTE = /\sid="([^"]*)"/g;
const WRAPPERS = new Set(["layer", "media", "supports", "container", "starting-style", "scope"]);

const TAG = /<([a-zA-Z][a-zA-Z0-9-]*)/g;

/** The class names of a piece of HTML (attribute values decoded: `[&amp;>p]` is `[&>p]`), its ids as `#id` and its element types as `<name`. */
export function tokensOf(html: string): Set<string> {
  const tokens = new Set<string>();
  for (const match of html.matchAll(CLASS_ATTRIBUTE)) {
    for (const name of decodeHTML(match[1] ?? "").split(/\s+/)) if (name) tokens.add(name);
  }
  for (const match of html.matchAll(ID_ATTRIBUTE)) tokens.add(`#${decodeHTML(match[1] ?? "")}`);
  for (const match of html.matchAll(TAG)) tokens.add(`<${(match[1] ?? "").toLowerCase()}`);
  return tokens;
}

/** `\:` is `:`, `\31 0` is `10`: a class name as the document writes it. */
function unescapeCss(name: string): string {
  return name.replace(/\\(?:([0-9a-fA-F]{1,6})\s?|([\s\S]))/g, (_, hex: string | undefined, char: string) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : char,
  );
}

/** The index of the bracket that closes the one at `start`, past nested ones, escapes and strings. */
function closing(text: string, start: number): number {
  const open = text[start] as string;
  const close = open === "(" ? ")" : "]";
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = text.indexOf(c, i + 1) < 0 ? text.length : text.indexOf(c, i + 1);
    else if (c === open) depth++;
    else if (c === close && --depth === 0) return i;
  }
  return text.length;
}

/** Whether a selector list holds a comma outside brackets (`:is(.a, .b)` needs one of them, not both). */
function hasTopLevelComma(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === "(" || c === "[") i = closing(text, i);
    else if (c === ",") return true;
  }
  return false;
}

/**
 * The part of a selector that an element must match for sure: attribute selectors and the
 * arguments of functional pseudo-classes left out, except the single selector of `:is()`,
 * `:where()` (Tailwind writes `:where(.space-y-2>:not(:last-child))`) or `:has()` (what it names
 * must be in the document; inside `:not()`, where its absence matches, it is left out with the
 * rest of the argument).
 */
function requiredText(selector: string): string {
  let out = "";
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i] as string;
    if (c === "\\") {
      out += c + (selector[i + 1] ?? "");
      i++;
    } else if (c === "[" || c === "(") {
      const end = closing(selector, i);
      const inner = selector.slice(i + 1, end);
      if (c === "(" && /:(?:is|where|has)$/i.test(out) && !hasTopLevelComma(inner)) out += ` ${requiredText(inner)} `;
      i = end;
    } else out += c;
  }
  return out;
}

// A CSS identifier: escapes (`\:`, and `\32 ` whose space ends the escape, not the name), word characters, non-ASCII.
const IDENTIFIER = String.raw`((?:\\[0-9a-fA-F]{1,6}\s?|\\[\s\S]|[\w-]|[\u0080-\u{10ffff}])+)`;
const CLASS_IN_SELECTOR = new RegExp(`\\.${IDENTIFIER}`, "gu");
const ID_IN_SELECTOR = new RegExp(`#${IDENTIFIER}`, "gu");
// A type selector starts a compound: at the start, or after a combinator.
const TAG_IN_SELECTOR = /(?:^|[\s>+~])([a-zA-Z][a-zA-Z0-9-]*)/g;
// Pseudo-elements that only form fields have (Tailwind's preflight writes them on their own).
const FIELD_PSEUDO_ELEMENT = /::(?:placeholder|file-selector-button|-webkit-)/;

/** What each selector of a list needs: its classes, its ids as `#id` and its element types as `<name`. */
export function tokensNeeded(selectors: string[]): string[][] {
  return selectors.map((selector) => {
    const required = requiredText(selector);
    const tokens = [...required.matchAll(CLASS_IN_SELECTOR)].map((m) => unescapeCss(m[1] ?? ""));
    for (const m of required.matchAll(ID_IN_SELECTOR)) tokens.push(`#${unescapeCss(m[1] ?? "")}`);
    // Type selectors in what is left once classes and ids are out (`.\[\&\>p\]` holds no `p` type).
    const rest = required.replace(CLASS_IN_SELECTOR, " ").replace(ID_IN_SELECTOR, " ");
    for (const m of rest.matchAll(TAG_IN_SELECTOR)) tokens.push(`<${(m[1] ?? "").toLowerCase()}`);
    if (FIELD_PSEUDO_ELEMENT.test(required)) tokens.push("<input");
    return tokens;
  });
}

/**
 * A style rule, kept when one selector's tokens are all in the document; of its declarations those
 * that only set a variable nothing kept reads may go (Tailwind's own, in its theme and properties
 * layers, and Lightning CSS's `--lightningcss-*`). An at-rule kept when the kept
 * rules use its name (`@property --tw-x`, `@keyframes x`) or always (`uses` empty); a wrapper kept
 * when something inside it is (an @layer block always: it declares its layer where it stood).
 */
type Declaration = { name: string; text: string; droppable: boolean };
type StyleRule = { kind: "rule"; needs: string[][]; text: string; open: string; declarations: Declaration[] | null };
type Node = StyleRule | { kind: "at-rule"; text: string; uses: string } | Wrapper;
type Wrapper = { kind: "wrapper"; open: string; children: Node[] };

const TW_VAR = /^--tw-/;
/** Layers of Tailwind's own custom properties: only app.css's utilities read them (pages.css has its own). */
const VARIABLE_LAYERS = new Set(["theme", "properties"]);

function styleRule(rule: Rule, inVariableLayer: boolean): StyleRule {
  const text = rule.toString();
  const needs = tokensNeeded(rule.selectors);
  const nodes = rule.nodes ?? [];
  const declarations = nodes.filter((n): n is PostcssDeclaration => n.type === "decl");
  const droppable = (d: PostcssDeclaration) =>
    d.prop.startsWith("--") && (inVariableLayer || d.prop.startsWith("--lightningcss-"));
  // Only a rule of declarations alone can lose some (nested rules keep their text whole). The same
  // declaration twice in a row (Lightning CSS writes `-webkit-text-decoration:inherit` four times
  // in Tailwind's `a` rule) is one.
  const repeated = declarations.some((d, i) => i > 0 && d.toString() === declarations[i - 1]?.toString());
  if (declarations.length !== nodes.length || !(repeated || declarations.some(droppable)))
    return { kind: "rule", needs, text, open: "", declarations: null };
  return {
    kind: "rule",
    needs,
    text,
    open: `${rule.selector}{`,
    declarations: declarations
      .filter((d, i) => i === 0 || d.toString() !== declarations[i - 1]?.toString())
      .map((d) => ({
        name: d.prop,
        text: `${d.prop}:${d.value}${d.important ? "!important" : ""}`,
        droppable: droppable(d),
      })),
  };
}

function toNodes(container: Container<ChildNode>, inVariableLayer = false): Node[] {
  const nodes: Node[] = [];
  for (const child of container.nodes ?? []) {
    if (child.type === "rule") nodes.push(styleRule(child as Rule, inVariableLayer));
    else if (child.type === "atrule") {
      const at = child as AtRule;
      if (WRAPPERS.has(at.name) && at.nodes) {
        const variables = inVariableLayer || (at.name === "layer" && VARIABLE_LAYERS.has(at.params));
        nodes.push({
          kind: "wrapper",
          open: `@${at.name}${at.params ? ` ${at.params}` : ""}{`,
          children: toNodes(at, variables),
        });
      } else {
        const named = (at.name === "property" && TW_VAR.test(at.params)) || at.name === "keyframes" ? at.params : "";
        nodes.push({ kind: "at-rule", text: at.toString(), uses: named });
      }
    }
  }
  return nodes;
}

/** The stylesheet's rules, wrappers and order kept, with what each style rule needs. */
export function parseStylesheet(css: string): Node[] {
  return toNodes(postcss.parse(css));
}

const matches = (needs: string[][], tokens: Set<string>) => needs.some((all) => all.every((t) => tokens.has(t)));

const VARIABLE = /--[\w-]+/g;

/** What the kept rules read and set for sure, and their droppable declarations. */
function keptParts(nodes: Node[], tokens: Set<string>, parts: { text: string; droppable: Declaration[] }) {
  for (const node of nodes) {
    if (node.kind === "rule" && matches(node.needs, tokens)) {
      if (!node.declarations) parts.text += node.text;
      else
        for (const d of node.declarations) {
          if (d.droppable) parts.droppable.push(d);
          else parts.text += `${d.text};`;
        }
    } else if (node.kind === "wrapper") keptParts(node.children, tokens, parts);
  }
  return parts;
}

function emit(nodes: Node[], tokens: Set<string>, used: Set<string>, text: string): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "rule") {
      if (!matches(node.needs, tokens)) continue;
      if (!node.declarations) out += node.text;
      else {
        const kept = node.declarations.filter((d) => !d.droppable || used.has(d.name));
        if (kept.length) out += `${node.open}${kept.map((d) => d.text).join(";")}}`;
      }
    } else if (node.kind === "at-rule") {
      const name = node.uses;
      if (!name || (name.startsWith("--") ? used.has(name) : new RegExp(`(?<![\\w-])${name}(?![\\w-])`).test(text)))
        out += node.text;
    } else {
      const inner = emit(node.children, tokens, used, text);
      if (inner || node.open.startsWith("@layer ")) out += `${node.open}${inner}}`;
    }
  }
  return out;
}

/** The stylesheet with only the rules a document of these tokens (classes, `<tags`) can use. */
export function keepRules(nodes: Node[], tokens: Set<string>): string {
  const { text, droppable } = keptParts(nodes, tokens, { text: "", droppable: [] });
  // The variables the kept rules read, and those these variables read, until none is added.
  const used = new Set(text.match(VARIABLE));
  for (let added = true; added; ) {
    added = false;
    for (const d of droppable)
      if (used.has(d.name))
        for (const name of d.text.slice(d.name.length).match(VARIABLE) ?? [])
          if (!used.has(name)) {
            used.add(name);
            added = true;
          }
  }
  return emit(nodes, tokens, used, text);
}

let parsed: { css: string; nodes: Node[] } | null = null;
const results = new LRUCache<string, string>({ max: 500 });
/** The cache's key for unlayeredRules' result (a set of tokens never holds a newline). */
const UNLAYERED = "\n";

/** The rules of `css` that a document of these tokens (classes, `<tags`) can use, cached per set. */
export function pageCss(css: string, tokens: Set<string>): string {
  const nodes = parse(css);
  const key = [...tokens].sort().join(" ");
  let result = results.get(key);
  if (result === undefined) {
    result = keepRules(nodes, tokens);
    results.set(key, result);
  }
  return result;
}

/**
 * What a document that links site.css in its head inlines: the rules outside every @layer (the
 * colours and the reader's preference variables, which site.css must not repeat), each layer's
 * block empty so the layer order stays app.css's, and no `@property --tw-*` (site.css declares
 * its own). Everything layered then comes from site.css, complete and in one order.
 */
export function unlayeredRules(nodes: Node[]): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "rule") out += node.text;
    else if (node.kind === "at-rule") {
      if (!node.uses.startsWith("--")) out += node.text;
    } else if (node.open.startsWith("@layer ")) out += `${node.open}}`;
    else {
      const inner = unlayeredRules(node.children);
      if (inner) out += `${node.open}${inner}}`;
    }
  }
  return out;
}

function parse(css: string): Node[] {
  if (parsed?.css !== css) {
    parsed = { css, nodes: parseStylesheet(css) };
    results.clear();
  }
  return parsed.nodes;
}

/** The site layout's link of site.css after <main> without its fragment: the stylesheet's URL. */
const siteCssUrl = (link: string) => /\shref="([^"#]+)/.exec(link)?.[1] ?? null;

/**
 * The document with only the rules that what comes before site.css's link paints in its head. A
 * document without that link (the bare shell's error pages) keeps the whole sheet. Where the
 * browser holds site.css already (`linkSiteCss`: its cookie named the current version,
 * server/site-css-cookie.ts), the head links it right after the inlined sheet, which keeps only
 * what site.css lacks (unlayeredRules): the same link, precedence and place the app gives it once
 * hydrated (app/styles/site-stylesheet.ts).
 */
export function splitPageCss(html: string, options: { linkSiteCss?: boolean } = {}): string {
  const style = CRITICAL_STYLE.exec(html);
  const css = style?.[1];
  const link = SITE_CSS_LINK.exec(html);
  if (!style || !css || !link || link.index < style.index) return html;
  const end = style.index + style[0].length;
  const href = options.linkSiteCss ? siteCssUrl(link[0]) : null;
  if (href) {
    // parse() first: it also forgets what was made from an older stylesheet.
    const nodes = parse(css);
    const unlayered = results.get(UNLAYERED) ?? unlayeredRules(nodes);
    results.set(UNLAYERED, unlayered);
    return `${html.slice(0, style.index)}${style[0].replace(css, () => unlayered)}<link rel="stylesheet" href="${href}" data-precedence="critical">${html.slice(end)}`;
  }
  const kept = pageCss(css, tokensOf(html.slice(end, link.index)));
  return html.slice(0, style.index) + style[0].replace(css, () => kept) + html.slice(end);
}

/** Whether a document has the site layout's link of site.css, whose head then depends on the site.css cookie. */
export const linksSiteCss = (html: string) => SITE_CSS_LINK.test(html);
