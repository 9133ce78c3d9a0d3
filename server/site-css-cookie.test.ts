import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { hasSiteCss, siteCssCookie, siteCssVersion, takeSiteCssCookie } from "./site-css-cookie";

const URL = "/assets/site-BS-U0_T-.css";
const request = (cookie?: string, dest = "document") =>
  ({ headers: { "sec-fetch-dest": dest, ...(cookie === undefined ? {} : { cookie }) } }) as unknown as IncomingMessage;

describe("the site.css cookie", () => {
  it("names the stylesheet's version for its cache lifetime, and nothing that tells readers apart", () => {
    expect(siteCssVersion(URL)).toBe("BS-U0_T-");
    expect(siteCssCookie(URL, true)).toBe("hs_css=BS-U0_T-; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax; Secure");
    expect(siteCssCookie(URL, false)).not.toContain("Secure");
  });

  it("is taken out of the request, and counts only for the current version", () => {
    const alone = request("hs_css=BS-U0_T-");
    takeSiteCssCookie(alone, URL);
    expect(alone.headers.cookie).toBeUndefined();
    expect(hasSiteCss(alone)).toBe(true);

    const among = request("hs_theme=dark; hs_css=BS-U0_T-; hs_sidebar=1");
    takeSiteCssCookie(among, URL);
    expect(among.headers.cookie).toBe("hs_theme=dark; hs_sidebar=1");
    expect(hasSiteCss(among)).toBe(true);

    const stale = request("hs_css=older1; hs_theme=dark");
    takeSiteCssCookie(stale, URL);
    expect(stale.headers.cookie).toBe("hs_theme=dark");
    expect(hasSiteCss(stale)).toBe(false);

    const none = request("hs_theme=dark");
    takeSiteCssCookie(none, URL);
    expect(none.headers.cookie).toBe("hs_theme=dark");
    expect(hasSiteCss(none)).toBe(false);
    expect(hasSiteCss(request())).toBe(false);
  });

  it("counts only on a navigation: the offline worker keeps pages that carry their own rules", () => {
    const worker = request("hs_css=BS-U0_T-", "empty");
    takeSiteCssCookie(worker, URL);
    expect(worker.headers.cookie).toBeUndefined();
    expect(hasSiteCss(worker)).toBe(false);
  });
});
