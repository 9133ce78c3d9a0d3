// Shared steps of the community browser specs: a reader signed up through the
// API (the form has its own tests) in a browser context of their own, and toasts.
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { newReader, signUp } from "../support/accounts";
import { giveConsent } from "../support/test";

export type Reader = ReturnType<typeof newReader>;

/** A new reader signed in, in a browser context of their own (the test's JavaScript setting and client address). */
export async function readerPage(
  browser: Browser,
  opts: { javaScriptEnabled: boolean; baseURL: string; clientId: string },
  reader: Reader = newReader(),
): Promise<{ page: Page; context: BrowserContext; reader: Reader }> {
  const context = await browser.newContext({
    baseURL: opts.baseURL,
    javaScriptEnabled: opts.javaScriptEnabled,
    extraHTTPHeaders: { "X-Test-Client": opts.clientId },
  });
  await giveConsent(context, opts.baseURL);
  const page = await context.newPage();
  await signUp(page, reader);
  return { page, context, reader };
}

export function toast(page: Page, text: string) {
  return page.getByRole("status").filter({ hasText: text });
}
