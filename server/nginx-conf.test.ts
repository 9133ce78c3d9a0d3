// The nginx in front (deploy/nginx, `npm run cluster`) must let through every body the app answers
// itself, so a reader gets the app's page and message rather than nginx's bare 413 (decision 057).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES, MAX_UPLOAD_BODY_BYTES } from "~/utils/http";

const UNITS: Record<string, number> = { "": 1, k: 1024, m: 1024 * 1024, g: 1024 * 1024 * 1024 };

describe("deploy/nginx/horror-stories.conf", () => {
  it("takes bodies past the app's largest limit, and stops what is far past it", () => {
    const conf = readFileSync("deploy/nginx/horror-stories.conf", "utf8");
    const match = /^\s*client_max_body_size\s+(\d+)([kmg]?)\s*;/im.exec(conf);
    expect(match, "client_max_body_size is set").not.toBeNull();
    const bytes = Number(match?.[1]) * (UNITS[(match?.[2] ?? "").toLowerCase()] ?? Number.NaN);
    expect(bytes).toBeGreaterThan(Math.max(MAX_BODY_BYTES, MAX_UPLOAD_BODY_BYTES));
    expect(bytes).toBeLessThanOrEqual(2 * MAX_UPLOAD_BODY_BYTES);
  });
});
