// JavaScript waits its turn (issue 17, docs/decisions/028).
//
// React Router's <Scripts> puts a modulepreload link for every module of the
// page into the head (React hoists them) and ends the body with an inline
// module script whose static imports start the same downloads at once. On a
// 6 KB/s link those 100+ KB share the wire with the page's own image and text.
//
// Every document leaves here with no modulepreload link, and its module script
// rewritten into a loader that decides in the browser:
// - a fast link (or a browser that does not say): the modulepreload links are
//   added at once and the same modules are imported in the same order, so the
//   app hydrates as before;
// - Save-Data, or an effective connection type of 2g or slow-2g: nothing is
//   requested until the load event has fired AND the reader has interacted
//   with the page (a pointer or touch press, a key), a press on a link
//   excepted (the browser's own navigation serves it, and the download would
//   only compete with it). Until then the page is the server-rendered one,
//   every control working as it does with JavaScript off.
//
// The elements React hydrates stay where they are with the same tag, type and
// attributes (only the module script's text differs, which React does not
// compare), so hydration matches. A document whose module script is not in the
// shape this rewrite knows is left exactly as it was.

import { SLOW_CONNECTION_EXPRESSION } from "~/utils/connection";

const MODULEPRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const HREF = /\bhref="([^"]+)"/;
// React Router's inline module script (one with a src, such as Vite's client in development, is not it).
const MODULE_SCRIPT = /(<script\b(?![^>]*\bsrc=)[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
// `import * as route0 from "/assets/root-x.js";` and `import "/assets/manifest-x.js";`
// Only at the start of a line or after a `;`: the manifest's JSON further down has "imports" keys.
const STATIC_IMPORT =
  /(?<=^|;)[ \t]*import[ \t]*(?:\*[ \t]*as[ \t]+([A-Za-z_$][\w$]*)[ \t]+from[ \t]*)?("[^"\n]*")[ \t]*;?/gm;
const LEFTOVER_IMPORT = /(?:^|;)[ \t]*import[ \t]*[*{"'\w]/m;

/** Waits for the load event and a first interaction that is not a press on a link. */
const WAIT_FOR_TURN = `await new Promise((go)=>{let loaded=document.readyState==="complete",acted=false;const kinds=["pointerdown","touchstart","keydown"];const check=()=>{if(loaded&&acted)go();};const act=(e)=>{const link=e.target instanceof Element&&e.target.closest("a[href]");if(link&&(e.type!=="keydown"||e.key==="Enter"))return;acted=true;for(const k of kinds)removeEventListener(k,act,true);check();};for(const k of kinds)addEventListener(k,act,{capture:true,passive:true});if(!loaded)addEventListener("load",()=>{loaded=true;check();},{once:true});});`;

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
  const rewritten = moduleScript.replace(
    STATIC_IMPORT,
    (_all, name: string | undefined, specifier: string) => `${name ? `const ${name}=` : ""}await import(${specifier});`,
  );
  // Anything left that still reads as a static import (another form): leave the page alone.
  if (LEFTOVER_IMPORT.test(rewritten)) return null;
  return rewritten;
}

/** The document with its JavaScript deferred as described above; unchanged when it has no module script of the known shape. */
export function deferScripts(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
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
  const preload = `for(const h of ${list}){const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l);}`;
  const loader = `${ZOD_JITLESS}\nif(${SLOW_CONNECTION_EXPRESSION})${WAIT_FOR_TURN}\n${preload}\n${imports}`;
  const start = script.index;
  const withoutScript = html.slice(0, start) + open + loader + close + html.slice(start + whole.length);
  return withoutScript.replace(MODULEPRELOAD, "");
}
