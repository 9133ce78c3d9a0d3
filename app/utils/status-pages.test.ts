import { describe, expect, it } from "vitest";
import { STATUS_PAGE_CODES, statusDocumentTitle, statusPageFor } from "./status-pages";

describe("statusPageFor", () => {
  it("gives each product error page its spec title", () => {
    const titles = STATUS_PAGE_CODES.map((code) => [code, statusPageFor(code).title]);
    expect(titles).toEqual([
      [403, "Forbidden"],
      [404, "Page Not Found"],
      [429, "Too Many Requests"],
      [500, "Internal Server Error"],
      [503, "Service Unavailable"],
      [504, "Gateway Timeout"],
    ]);
  });

  it("uses the spec's texts for 404, 403 and 503", () => {
    expect(statusPageFor(404).message).toBe("The page you're looking for doesn't exist or has been moved.");
    expect(statusPageFor(403).description).toBe("You don't have permission to access this page.");
    expect(statusPageFor(503).description).toContain("Our service is temporarily unavailable.");
  });

  it("maps any other server error to the 500 page", () => {
    expect(statusPageFor(502).code).toBe(500);
    expect(statusPageFor(599).code).toBe(500);
  });

  it("keeps other client errors as themselves with the server's message", () => {
    const page = statusPageFor(400, "Page must be a positive number");
    expect(page.code).toBe(400);
    expect(page.title).toBe("Bad Request");
    expect(page.message).toBe("Page must be a positive number");
    expect(statusPageFor(418).title).toBe("Request Error");
  });

  it("builds the error document title", () => {
    expect(statusDocumentTitle(statusPageFor(404))).toBe("404 - Page Not Found | Horror Stories");
  });
});
