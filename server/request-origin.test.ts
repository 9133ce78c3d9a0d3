import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { requestOrigin } from "./request-origin";

const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe("request origin", () => {
  it("names a request for the site's own host with the site's scheme, as the browser behind TLS posts it", () => {
    const options = { siteUrl: "https://stories.example", trustedProxy: false };
    expect(requestOrigin(request({ host: "stories.example" }), options)).toBe("https://stories.example");
    // Another port is another host: plain HTTP straight to a process.
    expect(requestOrigin(request({ host: "stories.example:3000" }), options)).toBe("http://stories.example:3000");
  });

  it("takes X-Forwarded-Proto only from a trusted proxy", () => {
    const headers = { host: "10.0.0.5:3000", "x-forwarded-proto": "https" };
    expect(requestOrigin(request(headers), { siteUrl: "http://localhost:3000", trustedProxy: true })).toBe(
      "https://10.0.0.5:3000",
    );
    expect(requestOrigin(request(headers), { siteUrl: "http://localhost:3000", trustedProxy: false })).toBe(
      "http://10.0.0.5:3000",
    );
    // Nothing but a scheme is taken from it.
    expect(
      requestOrigin(request({ host: "a:1", "x-forwarded-proto": "javascript" }), {
        siteUrl: "http://localhost:3000",
        trustedProxy: true,
      }),
    ).toBe("http://a:1");
  });

  it("keeps the site's scheme for its own host whatever a proxy in between says", () => {
    // A TLS load balancer in front of nginx: nginx's own $scheme is http.
    const headers = { host: "stories.example", "x-forwarded-proto": "http" };
    expect(requestOrigin(request(headers), { siteUrl: "https://stories.example", trustedProxy: true })).toBe(
      "https://stories.example",
    );
  });
});
