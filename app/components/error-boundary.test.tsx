// @vitest-environment happy-dom
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, data } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { markHydrated } from "~/utils/use-hydrated";
import {
  FullPageErrorFallback,
  GeneralErrorBoundary,
  isLoadFailure,
  PageErrorBoundary,
  RouteErrorFallback,
} from "./error-boundary";

afterEach(cleanup);

// The error boundary reports what it catches to the site (POST /api/errors, with
// a CSRF token first). The page's origin is a server of this test's own on
// loopback, which keeps what it is sent, so the report is checked, not sent astray.
const reports: unknown[] = [];
const bugReports: unknown[] = [];
let site: Server;
beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url === "/api/csrf-token") {
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ csrfToken: "token" }));
      return;
    }
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/api/errors") reports.push(JSON.parse(body));
      if (req.method === "POST" && req.url === "/api/user-feedback") bugReports.push(JSON.parse(body));
      res.writeHead(201, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const { port } = site.address() as AddressInfo;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`http://127.0.0.1:${port}/`);
});
afterAll(() => new Promise((resolve) => site.close(resolve)));

function stubWithLoader(loader: () => unknown) {
  return createRoutesStub([
    {
      path: "/here",
      Component: () => <p>fine</p>,
      loader,
      ErrorBoundary: GeneralErrorBoundary,
      HydrateFallback: () => null,
    },
  ]);
}

describe("GeneralErrorBoundary", () => {
  it("renders the product page for a thrown status", async () => {
    const Stub = stubWithLoader(() => {
      throw data(null, { status: 403 });
    });
    render(<Stub initialEntries={["/here"]} />);
    expect(await screen.findByRole("heading", { name: "403 Forbidden" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go home" }).getAttribute("href")).toBe("/");
  });

  it("offers a 503 or 504 again at the same address before home, and no other status", async () => {
    for (const status of [503, 504]) {
      const Stub = stubWithLoader(() => {
        throw data(null, { status });
      });
      render(<Stub initialEntries={["/here?page=2"]} />);
      await screen.findByRole("heading", { level: 1 });
      expect(screen.getByRole("link", { name: "Try again" }).getAttribute("href")).toBe("/here?page=2");
      expect(screen.getByRole("link", { name: "Go home" }).getAttribute("href")).toBe("/");
      cleanup();
    }
    const Stub = stubWithLoader(() => {
      throw data(null, { status: 404 });
    });
    render(<Stub initialEntries={["/here"]} />);
    await screen.findByRole("heading", { name: "404 Page Not Found" });
    expect(screen.queryByRole("link", { name: "Try again" })).toBeNull();
  });

  it("shows the server's message for a client error without a page of its own", async () => {
    const Stub = stubWithLoader(() => {
      throw data({ message: "Theme must be light, dark or system." }, { status: 400 });
    });
    render(<Stub initialEntries={["/here"]} />);
    expect(await screen.findByRole("heading", { name: "400 Bad Request" })).toBeTruthy();
    expect(screen.getByText("Theme must be light, dark or system.")).toBeTruthy();
  });

  it("renders the 500 page for an unexpected error, without its message", async () => {
    const Stub = stubWithLoader(() => {
      throw new Error("SQLITE_BUSY: secret internals");
    });
    render(<Stub initialEntries={["/here"]} />);
    expect(await screen.findByRole("heading", { name: "500 Internal Server Error" })).toBeTruthy();
    expect(screen.queryByText(/SQLITE_BUSY/)).toBeNull();
  });
});

describe("PageErrorBoundary", () => {
  it("shows the route-level fallback for a crashing page, and Try Again renders it again", async () => {
    // The page crashes in a running app: the root has marked it hydrated, so Report Bug sends.
    markHydrated();
    vi.spyOn(console, "error").mockImplementation(() => {});
    let crash = true;
    function Page() {
      if (crash) throw new Error("render failed");
      return <p>story text</p>;
    }
    function Shell() {
      const [, rerender] = useState(0);
      return (
        <>
          <button type="button" onClick={() => rerender((n) => n + 1)}>
            rerender
          </button>
          <PageErrorBoundary resetKey="a">
            <Page />
          </PageErrorBoundary>
        </>
      );
    }
    const Stub = createRoutesStub([{ path: "/story", Component: Shell }]);
    render(<Stub initialEntries={["/story?x=1"]} />);

    expect(await screen.findByRole("heading", { name: "Oops! Something went wrong" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Refresh Page" }).getAttribute("href")).toBe("/story?x=1");
    // With JavaScript running, Report Bug sends the report (spec §7) and says so.
    fireEvent.click(screen.getByRole("button", { name: "Report Bug" }));
    expect(await screen.findByRole("button", { name: "Report sent" })).toBeTruthy();
    const [sent] = bugReports as { type: string; content: string; metadata: { errorId: string; url: string } }[];
    expect(sent?.type).toBe("bug");
    const errorId = sent?.metadata.errorId ?? "";
    expect(errorId).toMatch(/^err_\d+_[a-z0-9]+$/);
    expect(sent?.content).toBe(`Error Report - ID: ${errorId}`);
    expect(sent?.metadata.url).toMatch(/\/$/);
    // The same id reached the site's error log.
    await vi.waitFor(() => expect(reports).toContainEqual(expect.objectContaining({ id: errorId })));

    crash = false;
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByText("story text")).toBeTruthy();
  });
});

describe("isLoadFailure", () => {
  it("tells code that could not be downloaded from other errors", () => {
    expect(isLoadFailure(new TypeError("Failed to fetch dynamically imported module: /assets/a.js"))).toBe(true);
    expect(isLoadFailure(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isLoadFailure(new Error("render failed"))).toBe(false);
  });
});

describe("RouteErrorFallback before JavaScript runs", () => {
  it("makes Report Bug a link to /report-bug with the page and the error id", () => {
    const Stub = createRoutesStub([{ path: "/story", Component: () => <RouteErrorFallback errorId="err_1_abc" /> }]);
    const html = renderToString(<Stub initialEntries={["/story?x=1"]} />);
    const href = /<a[^>]*href="([^"]*)"[^>]*>Report Bug<\/a>/.exec(html)?.[1]?.replaceAll("&amp;", "&") ?? "";
    const report = new URL(href, "http://x");
    expect(report.pathname).toBe("/report-bug");
    expect(report.searchParams.get("page")).toBe("/story?x=1");
    expect(report.searchParams.get("errorId")).toBe("err_1_abc");
  });
});

describe("FullPageErrorFallback", () => {
  it("offers Try Again, Refresh Page and Go Home as plain links", async () => {
    const Stub = createRoutesStub([{ path: "/reader", Component: FullPageErrorFallback }]);
    render(<Stub initialEntries={["/reader"]} />);
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Try Again" }).getAttribute("href")).toBe("/reader");
    expect(screen.getByRole("link", { name: "Refresh Page" }).getAttribute("href")).toBe("/reader");
    expect(screen.getByRole("link", { name: "Go Home" }).getAttribute("href")).toBe("/");
  });
});
