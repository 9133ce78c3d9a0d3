import { createHash } from "node:crypto";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { finishDocument, type RequestHandlerOptions, routerHandler } from "./request-handler";
import { newScriptMarker } from "./security-headers";

function options(mode: string, build: () => Promise<ServerBuild>): RequestHandlerOptions {
  return {
    build,
    mode,
    origin: () => "http://localhost",
    loadContext: () => {
      throw new Error("not used");
    },
    security: {} as RequestHandlerOptions["security"],
  };
}

/** A build that counts its loads; `failFirst` makes the first load fail. */
function countingBuild({ failFirst = false } = {}) {
  const counter = { loads: 0 };
  const build = async () => {
    counter.loads++;
    if (failFirst && counter.loads === 1) throw new Error("not built");
    return {} as ServerBuild;
  };
  return { counter, build };
}

describe("routerHandler", () => {
  it("in production loads the build once and keeps one handler for every request", async () => {
    const { counter, build } = countingBuild();
    const handler = routerHandler(options("production", build));
    const [first, second, third] = await Promise.all([handler(), handler(), handler()]);
    expect(counter.loads).toBe(1);
    expect(second).toBe(first);
    expect(third).toBe(first);
  });

  it("in production tries the build again after a load that failed", async () => {
    const { counter, build } = countingBuild({ failFirst: true });
    const handler = routerHandler(options("production", build));
    await expect(handler()).rejects.toThrow("not built");
    await expect(handler()).resolves.toBeTypeOf("function");
    expect(counter.loads).toBe(2);
  });

  it("in development leaves the loading to React Router, which reloads the build on every request", async () => {
    const { counter, build } = countingBuild();
    const handler = routerHandler(options("development", build));
    expect(await handler()).toBe(await handler());
    expect(counter.loads).toBe(0);
  });
});

describe("finishDocument: the CSP allows the app's own inline scripts only (issue 39)", () => {
  const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  /** A document as the renderer writes it: the app's scripts carry the marker, a stored one does not. */
  const page = (marker: string) =>
    `<!DOCTYPE html><html><head></head><body><article><p>Dark.</p><script>window.stored=1</script>` +
    `<p title="<script>">x</p><script type="module">window.storedModule=1</script></article>` +
    `<script nonce="${marker}">window.__ctx={}</script>` +
    `<script nonce="${marker}" type="module" async="">window.__routeModules={}</script></body></html>`;
  const finish = async (marker: string, headers: Record<string, string> = {}) => {
    const response = await finishDocument(
      new Request("http://localhost/story/x", { headers }),
      new Response(page(marker), { headers: { "Content-Type": "text/html; charset=utf-8" } }),
      { production: true },
      marker,
    );
    const scripts = (response.headers.get("Content-Security-Policy") ?? "").split("; ")[1] ?? "";
    return { response, scripts, html: await response.clone().text() };
  };

  it("hashes the scripts that carry the marker, and no script of the stored content", async () => {
    const { scripts, html } = await finish(newScriptMarker());
    // React Router's module script, as deferScripts rewrote it (script-loading.ts).
    const loader = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(loader).toContain("window.__routeModules={}");
    expect(scripts).toBe(`script-src 'self' ${hash("window.__ctx={}")} ${hash(loader)}`);
    expect(scripts).not.toContain(hash("window.stored=1"));
    expect(scripts).not.toContain(hash("window.storedModule=1"));
    // The stored module script was not taken for React Router's (it is still as it came).
    expect(html).toContain('<script type="module">window.storedModule=1</script>');
  });

  it("takes the marker out: two renders are the same bytes, policy and ETag, whatever their markers", async () => {
    const [one, two] = [await finish(newScriptMarker()), await finish(newScriptMarker())];
    expect(one.html).not.toContain("nonce");
    expect(two.html).toBe(one.html);
    expect(two.scripts).toBe(one.scripts);
    expect(two.response.headers.get("ETag")).toBe(one.response.headers.get("ETag"));
    const notModified = await finish(newScriptMarker(), { "If-None-Match": one.response.headers.get("ETag") ?? "" });
    expect(notModified.response.status).toBe(304);
  });

  it("without a marker allows no inline script", async () => {
    const response = await finishDocument(
      new Request("http://localhost/"),
      new Response(page("x".repeat(22)), { headers: { "Content-Type": "text/html" } }),
      { production: true },
    );
    expect(response.headers.get("Content-Security-Policy")).toContain("script-src 'self'; ");
  });

  it("leaves a document that runs no script with its route's stricter policy, and never a looser one", async () => {
    const strict = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";
    const finish = (policy: string) =>
      finishDocument(
        new Request("http://localhost/story/x/download/html"),
        new Response(page("x".repeat(22)), {
          headers: { "Content-Type": "text/html", "Content-Security-Policy": policy },
        }),
        { production: true },
      );
    expect((await finish(strict)).headers.get("Content-Security-Policy")).toBe(strict);
    for (const loose of ["default-src 'none'; script-src *", "default-src *"]) {
      expect((await finish(loose)).headers.get("Content-Security-Policy")).toMatch(
        /^default-src 'self'; script-src 'self'/,
      );
    }
  });
});
