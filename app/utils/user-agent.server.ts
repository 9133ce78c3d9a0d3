import Bowser from "bowser";

export type ClientInfo = {
  browser: "Chrome" | "Firefox" | "Safari" | "Edge" | "Unknown";
  operatingSystem: string;
  userAgent: string;
};

/** Browser (spec §3: Chrome, Firefox, Safari, Edge or Unknown) and operating system from the User-Agent. */
export function clientInfo(userAgent: string | null): ClientInfo {
  const ua = (userAgent ?? "").slice(0, 500);
  if (!ua) return { browser: "Unknown", operatingSystem: "Unknown", userAgent: "" };
  const parsed = Bowser.parse(ua);
  const name = parsed.browser.name ?? "";
  const browser: ClientInfo["browser"] = /edge/i.test(name)
    ? "Edge"
    : /^chrom/i.test(name)
      ? "Chrome"
      : /firefox/i.test(name)
        ? "Firefox"
        : /safari/i.test(name)
          ? "Safari"
          : "Unknown";
  return { browser, operatingSystem: parsed.os.name ?? "Unknown", userAgent: ua };
}
