import type { BrowserContext } from "@playwright/test";

/**
 * A preference cookie's value as the server stored it (React Router's
 * createCookie: base64 JSON). With JavaScript the page shows a change before
 * the server answers, so tests wait for the cookie before reloading.
 */
export async function storedPreference(context: BrowserContext, name: "theme" | "sidebar") {
  const cookie = (await context.cookies()).find((c) => c.name === `hs_${name}`);
  return cookie ? JSON.parse(Buffer.from(decodeURIComponent(cookie.value), "base64").toString()) : null;
}
