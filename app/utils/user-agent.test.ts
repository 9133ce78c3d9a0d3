import { describe, expect, it } from "vitest";
import { clientInfo } from "./user-agent.server";

describe("clientInfo", () => {
  it.each([
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
      "Chrome",
      "Windows",
    ],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox", "Linux"],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari",
      "iOS",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.56",
      "Edge",
      "Windows",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36",
      "Chrome",
      "Android",
    ],
    ["curl/8.5.0", "Unknown", "Unknown"],
  ])("%s -> %s on %s", (ua, browser, os) => {
    expect(clientInfo(ua)).toMatchObject({ browser, operatingSystem: os });
  });

  it("copes with no user agent", () => {
    expect(clientInfo(null)).toEqual({ browser: "Unknown", operatingSystem: "Unknown", userAgent: "" });
  });
});
