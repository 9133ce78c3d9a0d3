// JavaScript waits its turn (issue 17, docs/decisions/028).
//
// React Router's <Scripts> puts a modulepreload link for every module of the
// page into the head (React hoists them) and ends the body with an inline
// module script whose static imports start the same downloads at once. On a
// 6 KB/s link those 100+ KB share the wire with the page's own image and text.
//
// Every document leaves here with no modulepreload link, and its module script
// rewritten into a loader that decides in the browser:
// - a fast link (or a browser that does not say): once the page's first
//   contentful paint is on screen, the modulepreload links are added and the
//   same modules are imported in the same order, so the app hydrates as before;
// - Save-Data, or an effective connection type of 2g or slow-2g: nothing is
//   requested until the load event has fired AND the reader has interacted
//   with the page (a click or a key), a click on a link and reading (a swipe,
//   a key that scrolls) excepted: the browser's own navigation serves a link,
//   and the download would only compete with it. Until then the page is the server-rendered one,
//   every control working as it does with JavaScript off.
//
// The elements React hydrates stay where they are with the same tag, type and
// attributes (only the module script's text differs, which React does not
// compare), so hydration matches. A document whose module script is not in the
// shape this rewrite knows is left exactly as it was.

import { SLOW_CONNECTION_EXPRESSION } from "~/utils/connection";

const MODULEPRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const HREF = /\bhref="([^"]+)"/;
// React Router's inline module script (one with a src, such as Vite's client in development, is not it),
// and, given the render's marker, only one that carries it: a module script that came with stored
// content is never taken for it (server/security-headers.ts).
const moduleScriptPattern = (marker?: string) =>
  new RegExp(
    `(<script\\b(?![^>]*\\bsrc=)${marker ? `(?=[^>]*\\snonce="${marker}")` : ""}[^>]*\\btype="module"[^>]*>)([\\s\\S]*?)(<\\/script>)`,
  );
// `import * as route0 from "/assets/root-x.js";` and `import "/assets/manifest-x.js";`
// Only at the start of a line or after a `;`: the manifest's JSON further down has "imports" keys.
const STATIC_IMPORT =
  /(?<=^|;)[ \t]*import[ \t]*(?:\*[ \t]*as[ \t]+([A-Za-z_$][\w$]*)[ \t]+from[ \t]*)?("[^"\n]*")[ \t]*;?/gm;
// React Router's last line, `import("/assets/entry.client-x.js");`: the entry, which hydrates.
const DYNAMIC_IMPORT = /(?<=^|;)[ \t]*import\(/gm;
const LEFTOVER_IMPORT = /(?:^|;)[ \t]*import[ \t]*[*{"'\w]/m;

// The loader's parts below travel inline in every document, so they are written short (the unit
// tests run them as written). Each says in its comment what it does.

/**
 * Waits for the load event and a first interaction that is not reading and not a press on a link:
 * `l` loaded, `a` acted, `c` checks both, `f` handles a click (a press that did not turn into a
 * scroll; a swipe ends in none) or a key. A click on a link and Enter on it are the link's own
 * navigation; the keys that scroll (arrows, Page Up/Down, Home, End, Space) are reading. A finger
 * that scrolls the index used to count (its touchstart): the modules then shared the wire with the
 * story the reader tapped 8 s later: 1.1 s slower than with JavaScript off (docs/decisions/044).
 * The listeners stay: once the promise has settled they cost a `closest` per click, and removing
 * them cost the bytes that put /stories over its 14 KB (tests/http/budget.spec.ts).
 */
const WAIT_FOR_TURN = `await new Promise((g)=>{let l=document.readyState==="complete",a=0;const c=()=>l&&a&&g(),f=(e)=>{if(e.target instanceof Element&&e.target.closest("a[href]")&&(e.type!=="keydown"||e.key==="Enter")||/^(Arr|Pag|Hom|End| )/.test(e.key))return;a=1;c()};for(const k of["click","keydown"])addEventListener(k,f,{capture:!0,passive:!0});l||addEventListener("load",()=>{l=1;c()},{once:!0})});`;

/**
 * Nothing of the app is requested before the page's first contentful paint (the buffered Paint
 * Timing entry), or 3 s where none comes: a hidden tab paints nothing, and a browser without Paint
 * Timing never says. On a fast link that costs the app the time to that paint; in exchange its
 * 140 KB of modules neither share the wire with what the first paint and the hero image need
 * (issue 17: before the LCP no JavaScript on the wire) nor run before that paint on a slow phone.
 * Two animation frames were not enough: frames can pass before anything contentful is drawn.
 * Lighthouse's simulation counts a high-priority module that finished downloading before the
 * observed first contentful paint as render-blocking (it cannot tell when a module ran), so when
 * the preloads won that race the app's JavaScript stood on the path to FCP and LCP: the story
 * page's two levels of 0.9 and 2.2 s (docs/decisions/028).
 */
const AFTER_PAINT = `await new Promise((g)=>{setTimeout(g,3e3);new PerformanceObserver((l)=>l.getEntriesByName("first-contentful-paint")[0]&&g()).observe({type:"paint",buffered:!0})});`;

/**
 * Each module is evaluated in a task of its own: a reader's tap is answered between them, and
 * no task is long (Lighthouse's total blocking time counts what passes 50 ms, on a CPU 4 times
 * slower, once the page has painted).
 */
const YIELD = "await new Promise((r)=>setTimeout(r));";

/**
 * Before any module runs: zod builds its object schemas when a module defines them, and
 * unless told `jitless` it probes `new Function("")` to compile fast parsers. The CSP
 * forbids eval, so that caught probe raised a script-src violation report on every page
 * (Lighthouse's best-practices "issues" audit). zod reads its configuration from this
 * global, which it shares between copies of itself (zod/v4/core/core.js).
 */
const ZOD_JITLESS = "(globalThis.__zod_globalConfig??={}).jitless=true;";

/** Rewrites the static imports of React Router's module script into awaited dynamic imports, or null when it has a form this does not know. */
export function toDynamicImports(moduleScript: string): string | null {
  const rewritten = moduleScript
    .replace(
      STATIC_IMPORT,
      (_all, name: string | undefined, specifier: string) =>
        `${YIELD}${name ? `const ${name}=` : ""}await import(${specifier});`,
    )
    .replace(DYNAMIC_IMPORT, (call) => `${YIELD}${call}`);
  // Anything left that still reads as a static import (another form): leave the page alone.
  if (LEFTOVER_IMPORT.test(rewritten)) return null;
  return rewritten;
}

/**
 * The document with its JavaScript deferred as described above; unchanged when it has no module
 * script of the known shape (that carries `marker`, when given).
 */
export function deferScripts(html: string, marker?: string): string {
  const script = moduleScriptPattern(marker).exec(html);
  if (!script) return html;
  const [whole, open, body, close] = script as unknown as [string, string, string, string];
  const imports = toDynamicImports(body);
  if (imports === null) return html;
  const hrefs: string[] = [];
  for (const link of html.match(MODULEPRELOAD) ?? []) {
    const href = HREF.exec(link)?.[1];
    const url = href?.replaceAll("&amp;", "&");
    if (url && !hrefs.includes(url)) hrefs.push(url);
  }
  const list = JSON.stringify(hrefs).replaceAll("<", "\\u003c");
  // Each link in a task of its own (a timer each, set at once): each starts a request, 0.5-2.5 ms
  // in a Lighthouse trace, and 35 at once made one of the longest tasks after the first paint.
  // The imports below wait for a timer set after these, so every link is in before the first.
  const preload = `for(const h of ${list})setTimeout(()=>document.head.append(Object.assign(document.createElement("link"),{rel:"modulepreload",href:h})));`;
  const loader = `${ZOD_JITLESS}\nif(${SLOW_CONNECTION_EXPRESSION})${WAIT_FOR_TURN}\n${AFTER_PAINT}\n${preload}\n${imports}`;
  const start = script.index;
  const withoutScript = html.slice(0, start) + open + loader + close + html.slice(start + whole.length);
  return withoutScript.replace(MODULEPRELOAD, "");
}
