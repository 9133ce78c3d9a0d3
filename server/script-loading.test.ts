import { describe, expect, it } from "vitest";
import { deferScripts, toDynamicImports } from "./script-loading";

// The shape React Router 8's <Scripts> renders (lazy route discovery on), trimmed.
const MODULE_SCRIPT = `;
import * as route0 from "/assets/root-A.js";
import * as route1 from "/assets/site-B.js";
import * as route2_clientLoader from "/assets/story-C.js";
import * as route2_main from "/assets/story-D.js";
const route2 = {...route2_clientLoader,...route2_main};
  window.__reactRouterManifest = {
  "entry": { "module": "/assets/entry.client-E.js", "imports": ["/assets/react-F.js"], "css": [] },
  "url": "/assets/manifest-1.js"
};
  window.__reactRouterRouteModules = {"root":route0,"routes/layouts/site":route1,"story":route2};

import("/assets/entry.client-E.js");`;

const DOCUMENT = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="icon" href="/favicon.svg" type="image/svg+xml"/><link rel="modulepreload" href="/assets/entry.client-E.js"/><link rel="modulepreload" href="/assets/react-F.js"/><link rel="modulepreload" href="/assets/root-A.js"/></head><body><main><h1>A story</h1></main><script>window.__reactRouterContext = {};</script><script type="module" async="">${MODULE_SCRIPT}</script><script>window.__reactRouterContext.streamController.close();</script></body></html>`;

const loaderOf = (html: string) => /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";

type Listener = (event: { type: string; key?: string; target: unknown }) => void;

/** Runs a loader with a fake browser: which modules it imports, and when. */
function runLoader(
  loader: string,
  connection: { effectiveType?: string; saveData?: boolean } | undefined,
  { paint = "done" }: { paint?: "done" | "held" } = {},
) {
  const imported: string[] = [];
  // The first contentful paint: already on screen (a buffered entry), or held until the test paints.
  const observers: ((list: { getEntriesByName: (name: string) => unknown[] }) => void)[] = [];
  class PerformanceObserver {
    constructor(readonly callback: (typeof observers)[number]) {}
    observe({ type, buffered }: { type: string; buffered?: boolean }) {
      if (type !== "paint") return;
      observers.push(this.callback);
      if (paint === "done" && buffered) globalThis.setTimeout(() => firstPaint(), 0);
    }
  }
  const firstPaint = () => {
    for (const callback of observers)
      callback({ getEntriesByName: (name) => (name === "first-contentful-paint" ? [{}] : []) });
  };
  // The loader's own timers (its fallback), run when the test lets that much time pass.
  const timers: { at: number; run: () => void }[] = [];
  let now = 0;
  // Which task the loader is in: a zero-delay timer's callback starts the next one.
  let task = 0;
  const setTimeout = (run: () => void, ms = 0) => {
    if (ms === 0)
      globalThis.setTimeout(() => {
        task++;
        run();
      }, 0);
    else timers.push({ at: now + ms, run });
  };
  const elapse = (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.run();
    }
  };
  const preloaded: string[] = [];
  /** The task each preload link was added in. */
  const preloadTasks: number[] = [];
  const listeners = new Map<string, Listener[]>();
  class FakeElement {
    constructor(readonly link: boolean) {}
    closest(selector: string) {
      return selector === "a[href]" && this.link ? this : null;
    }
  }
  const document = {
    readyState: "interactive",
    createElement: () => ({ rel: "", href: "" }),
    head: {
      append: (link: { href: string }) => {
        preloaded.push(link.href);
        preloadTasks.push(task);
      },
    },
  };
  const addEventListener = (type: string, listener: Listener) => {
    listeners.set(type, [...(listeners.get(type) ?? []), listener]);
  };
  const removeEventListener = (type: string, listener: Listener) => {
    listeners.set(
      type,
      (listeners.get(type) ?? []).filter((l) => l !== listener),
    );
  };
  const window = {};
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
  const run = new AsyncFunction(
    "navigator",
    "document",
    "addEventListener",
    "removeEventListener",
    "window",
    "Element",
    "setTimeout",
    "PerformanceObserver",
    "__import",
    loader.replaceAll("import(", "__import("),
  );
  const done = run(
    { connection },
    document,
    addEventListener,
    removeEventListener,
    window,
    FakeElement,
    setTimeout,
    PerformanceObserver,
    async (specifier: string) => {
      imported.push(specifier);
      return { specifier };
    },
  );
  const fire = (type: string, init: { key?: string; onLink?: boolean } = {}) => {
    for (const listener of listeners.get(type) ?? [])
      listener({ type, key: init.key, target: new FakeElement(init.onLink ?? false) });
  };
  const settle = () => new Promise((resolve) => globalThis.setTimeout(resolve, 0));
  return { imported, preloaded, preloadTasks, fire, settle, done, window, firstPaint, elapse };
}

describe("deferScripts", () => {
  const out = deferScripts(DOCUMENT);

  it("takes every modulepreload link out of the document and keeps the other links", () => {
    expect(out).not.toMatch(/<link[^>]*modulepreload/);
    expect(out).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
  });

  it("keeps the script elements React hydrates: same tags, same attributes, same order", () => {
    const tags = (html: string) => html.match(/<script\b[^>]*>/g);
    expect(tags(out)).toEqual(tags(DOCUMENT));
    expect(out).toContain("<script>window.__reactRouterContext = {};</script>");
  });

  it("turns every static import into an awaited dynamic one, in the same order", () => {
    const loader = loaderOf(out);
    expect(loader).not.toMatch(/(^|;)\s*import\s*[*"]/m);
    expect([...loader.matchAll(/import\("([^"]+)"\)/g)].map((m) => m[1])).toEqual([
      "/assets/root-A.js",
      "/assets/site-B.js",
      "/assets/story-C.js",
      "/assets/story-D.js",
      "/assets/entry.client-E.js",
    ]);
    // The manifest's "imports" keys are data, not statements.
    expect(loader).toContain('"imports": ["/assets/react-F.js"]');
    // Each module in a task of its own: a yield to the event loop before every import.
    const imports = [...loader.matchAll(/import\(/g)].length;
    expect([
      ...loader.matchAll(/await new Promise\(\(r\)=>setTimeout\(r\)\);(?:const \w+=)?(?:await )?import\(/g),
    ]).toHaveLength(imports);
  });

  it("leaves a document alone when its module script has a form it does not know", () => {
    const odd = DOCUMENT.replace(
      'import * as route1 from "/assets/site-B.js";',
      'import { x } from "/assets/site-B.js";',
    );
    expect(deferScripts(odd)).toBe(odd);
    const y = "await new Promise((r)=>setTimeout(r));";
    expect(toDynamicImports('import "/a.js";import "/b.js";')).toBe(
      `${y}await import("/a.js");${y}await import("/b.js");`,
    );
  });

  it("rewrites React Router's inline module script, not a module script with a src before it", () => {
    const withClient = DOCUMENT.replace("<body>", '<body><script type="module" src="/@vite/client"></script>');
    const out = deferScripts(withClient);
    expect(out).toContain('<script type="module" src="/@vite/client"></script>');
    expect(loaderOf(out)).toContain('await import("/assets/root-A.js")');
  });

  it("leaves a document without a module script alone", () => {
    const plain = "<!DOCTYPE html><html><head></head><body><p>Hi</p></body></html>";
    expect(deferScripts(plain)).toBe(plain);
  });
});

describe("the loader in the browser", () => {
  const loader = loaderOf(deferScripts(DOCUMENT));
  const everything = ["/assets/root-A.js", "/assets/site-B.js", "/assets/story-C.js", "/assets/story-D.js"];

  it("on a fast link preloads and imports, as React Router does, once the first contentful paint is on screen", async () => {
    const browser = runLoader(loader, { effectiveType: "4g", saveData: false }, { paint: "held" });
    await browser.settle();
    browser.elapse(2_900);
    await browser.settle();
    expect(browser.preloaded).toEqual([]);
    expect(browser.imported).toEqual([]);
    browser.firstPaint();
    await browser.done;
    expect(browser.preloaded).toEqual(["/assets/entry.client-E.js", "/assets/react-F.js", "/assets/root-A.js"]);
    expect(browser.imported).toEqual([...everything, "/assets/entry.client-E.js"]);
    expect(Object.keys((browser.window as { __reactRouterRouteModules: object }).__reactRouterRouteModules)).toEqual([
      "root",
      "routes/layouts/site",
      "story",
    ]);
  });

  it("adds each preload link in a task of its own, so starting their requests makes no long task", async () => {
    const links = Array.from({ length: 10 }, (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}.js"/>`);
    const many = DOCUMENT.replace("</head>", `${links.join("")}</head>`);
    const browser = runLoader(loaderOf(deferScripts(many)), { effectiveType: "4g" });
    await browser.done;
    expect(browser.preloaded).toHaveLength(13);
    const perTask = new Map<number, number>();
    for (const task of browser.preloadTasks) perTask.set(task, (perTask.get(task) ?? 0) + 1);
    expect([...perTask.values()]).toEqual(Array(13).fill(1));
  });

  it("where the first paint is already on screen (a buffered entry), goes on at once", async () => {
    const browser = runLoader(loader, { effectiveType: "4g" });
    await browser.done;
    expect(browser.imported).toHaveLength(5);
  });

  it("where no paint is reported (a hidden tab, a browser without Paint Timing), goes on after 3 s", async () => {
    const browser = runLoader(loader, { effectiveType: "4g" }, { paint: "held" });
    await browser.settle();
    browser.elapse(2_999);
    await browser.settle();
    expect(browser.preloaded).toEqual([]);
    browser.elapse(1);
    await browser.done;
    expect(browser.imported).toHaveLength(5);
  });

  it("tells zod, before any module defines a schema, not to probe eval (the CSP forbids it)", async () => {
    const global = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
    delete global.__zod_globalConfig;
    await runLoader(loader, undefined).done;
    expect(global).toHaveProperty("__zod_globalConfig.jitless", true);
  });

  it("counts a browser without the Network Information API as fast", async () => {
    const browser = runLoader(loader, undefined);
    await browser.done;
    expect(browser.imported).toHaveLength(5);
  });

  for (const [name, connection] of [
    ["slow-2g", { effectiveType: "slow-2g" }],
    ["2g", { effectiveType: "2g" }],
    ["Save-Data", { effectiveType: "4g", saveData: true }],
  ] as const) {
    it(`on ${name} fetches nothing before the load event and an interaction`, async () => {
      const browser = runLoader(loader, connection);
      await browser.settle();
      browser.fire("click");
      await browser.settle();
      expect(browser.preloaded).toEqual([]);
      expect(browser.imported).toEqual([]);
      browser.fire("load");
      await browser.done;
      expect(browser.preloaded).toHaveLength(3);
      expect(browser.imported).toHaveLength(5);
    });
  }

  it("on a slow link waits for an interaction after the load event, and a press on a link is not one", async () => {
    const browser = runLoader(loader, { effectiveType: "slow-2g" });
    browser.fire("load");
    browser.fire("click", { onLink: true });
    browser.fire("keydown", { key: "Enter", onLink: true });
    await browser.settle();
    expect(browser.imported).toEqual([]);
    // Tab away from a link is an interaction with the page.
    browser.fire("keydown", { key: "Tab", onLink: true });
    await browser.done;
    expect(browser.imported).toHaveLength(5);
  });

  it("on a slow link counts reading as no interaction: a swipe (no click) and the keys that scroll", async () => {
    const browser = runLoader(loader, { effectiveType: "slow-2g" });
    browser.fire("load");
    // A finger that scrolls: touchstart and pointerdown, then no click.
    browser.fire("touchstart");
    browser.fire("pointerdown");
    for (const key of ["ArrowDown", "PageDown", " ", "End", "Home", "PageUp", "ArrowUp"])
      browser.fire("keydown", { key });
    await browser.settle();
    expect(browser.imported).toEqual([]);
    // A tap on the page that is not a scroll (a button, a field, the text) is one.
    browser.fire("click");
    await browser.done;
    expect(browser.imported).toHaveLength(5);
  });
});
