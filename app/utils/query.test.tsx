// @vitest-environment happy-dom
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { clearQueries, fetchQuery, getQueryData, invalidateQueries, QUERY_DEFAULTS, useApiQuery } from "./query";

// The hook fetches from a real HTTP server on loopback (the page's origin here), which counts the calls.
let calls = 0;
let site: Server;
beforeAll(async () => {
  site = createServer((_req, res) => {
    calls += 1;
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ n: calls }));
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const { port } = site.address() as AddressInfo;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`http://127.0.0.1:${port}/`);
});
afterAll(() => new Promise((resolve) => site.close(resolve)));
beforeEach(() => {
  calls = 0;
  clearQueries();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Count() {
  const { data, status } = useApiQuery<{ n: number }>("/api/count");
  return <p>{status === "success" ? `call ${data?.n}` : status}</p>;
}

describe("useApiQuery (spec §9 data freshness)", () => {
  it("fetches on mount, not again on focus or on a remount while fresh, again after invalidation", async () => {
    const first = render(<Count />);
    expect(await screen.findByText("call 1")).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event("focus"));
      document.dispatchEvent(new Event("visibilitychange"));
    });
    first.unmount();
    render(<Count />);
    expect(screen.getByText("call 1")).toBeTruthy();
    expect(calls).toBe(1);

    act(() => invalidateQueries());
    expect(await screen.findByText("call 2")).toBeTruthy();
    expect(calls).toBe(2);
  });

  it("keeps an answer 30 minutes after its last reader leaves, then forgets it", async () => {
    expect(QUERY_DEFAULTS).toEqual({ staleTime: 300_000, gcTime: 1_800_000, refetchOnWindowFocus: false });
    vi.useFakeTimers();
    await fetchQuery("/api/other", async () => "x");
    vi.advanceTimersByTime(QUERY_DEFAULTS.gcTime - 1000);
    expect(getQueryData("/api/other")).toBe("x");
    vi.advanceTimersByTime(2000);
    expect(getQueryData("/api/other")).toBeUndefined();
  });
});
