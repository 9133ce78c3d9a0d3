// Recording analytics events, only with the reader's consent
// (docs/decisions/023). Who may be counted: a reader whose consent (the cookie,
// else a signed-in reader's choice kept on the account) accepts the category,
// whose browser sends neither Do Not Track nor Global Privacy Control, and who
// is not a bot. No address is stored: the visitor is a hash of the address and
// the user agent with a salt that changes every day.
import { createHash, randomBytes } from "node:crypto";
import { isbot } from "isbot";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getOptionalUser } from "~/auth/auth.server";
import { clientAddress } from "~/auth/client-address.server";
import type { CookiePreferences } from "~/consent/consent";
import { getAccountConsent, getConsent } from "~/consent/consent.server";
import { prisma } from "~/db.server";
import { secureCookies } from "~/env.server";
import { OFFLINE_COPY_HEADER } from "~/offline/offline";
import { isApiPath } from "~/site/request-kind";
import { COOKIE_NAMES } from "~/utils/site";
import { clientInfo } from "~/utils/user-agent.server";
import {
  classifyPath,
  connectionType,
  dayOf,
  type PageViewReport,
  type PerformanceReportBody,
  performanceScore,
  screenClass,
  type VitalsReport,
} from "./analytics";

type Context = Readonly<RouterContextProvider>;
export type Category = "analytics" | "performance";

/** Do Not Track (`DNT: 1`) or Global Privacy Control (`Sec-GPC: 1`): nothing is counted. */
export function trackingRefused(request: Request): boolean {
  return request.headers.get("DNT")?.trim() === "1" || request.headers.get("Sec-GPC")?.trim() === "1";
}

/** A speculative load (Sec-Purpose: prefetch, or the older Purpose / X-Moz headers) is not a view. */
export function isPrefetch(request: Request): boolean {
  const purpose = [request.headers.get("Sec-Purpose"), request.headers.get("Purpose"), request.headers.get("X-Moz")]
    .filter(Boolean)
    .join(" ");
  return /\bprefetch\b/i.test(purpose);
}

/**
 * Whether the request is a page the browser is about to show: a navigation. Fetch Metadata names it
 * (`Sec-Fetch-Dest: document`); the service worker's own fetches of pages to keep (the /offline
 * shell, the library, saved stories, their refresh) say `empty` and carry its marker
 * (OFFLINE_COPY_HEADER). A browser without Fetch Metadata asks for a page with `Accept: text/html`,
 * as a script's fetch does not by default (`*\/*`).
 */
export function isPageNavigation(request: Request): boolean {
  if (request.headers.has(OFFLINE_COPY_HEADER)) return false;
  const destination = request.headers.get("Sec-Fetch-Dest");
  if (destination) return destination.trim().toLowerCase() === "document";
  return /\btext\/html\b/i.test(request.headers.get("Accept") ?? "");
}

/** Pages counted as reader traffic: an administrator's work on the admin pages is not reading. */
export const isReaderPage = (path: string) => classifyPath(path).pageType !== "admin";

export function isBot(request: Request): boolean {
  const ua = request.headers.get("User-Agent") ?? "";
  return !ua || isbot(ua);
}

/** The reader's consent: the cookie, else (signed in, no cookie in this browser yet) the account's. */
export async function readerConsent(request: Request): Promise<CookiePreferences | null> {
  const consent = await getConsent(request);
  if (consent) return consent;
  if (!request.headers.get("Cookie")?.includes(COOKIE_NAMES.session)) return null;
  const user = await getOptionalUser(request);
  return user ? getAccountConsent(user.id) : null;
}

/** Why this request may not be counted in `category`, or null when it may. */
export async function refusal(request: Request, category: Category): Promise<string | null> {
  if (trackingRefused(request)) return "Do Not Track or Global Privacy Control is on: nothing was recorded.";
  if (isBot(request)) return "Automated clients are not counted.";
  const consent = await readerConsent(request);
  if (!consent?.[category]) return `No consent to ${category} cookies: nothing was recorded.`;
  return null;
}

const salts = new Map<string, string>();

/** The day's salt, shared by every process through the database; made on first use. */
async function saltOf(day: string): Promise<string> {
  const known = salts.get(day);
  if (known) return known;
  await prisma.$executeRaw`INSERT INTO "AnalyticsSalt" ("day", "salt") VALUES (${day}, ${randomBytes(32).toString("hex")}) ON CONFLICT ("day") DO NOTHING`;
  const row = await prisma.analyticsSalt.findUnique({ where: { day } });
  const salt = row?.salt ?? randomBytes(32).toString("hex");
  if (salts.size > 4) salts.clear();
  salts.set(day, salt);
  return salt;
}

/** The visitor of one day: hash(salt of the day, address, user agent). Nothing links it to another day. */
export async function visitorHash(request: Request, context: Context, day: string): Promise<string> {
  const salt = await saltOf(day);
  return createHash("sha256")
    .update(`${salt}|${clientAddress(context)}|${request.headers.get("User-Agent") ?? ""}`)
    .digest("hex")
    .slice(0, 32);
}

const SEEN_MAX_AGE = 90 * 24 * 60 * 60;

function seenDay(request: Request): string | null {
  const match = new RegExp(`(?:^|;\\s*)${COOKIE_NAMES.seen}=(\\d{4}-\\d{2}-\\d{2})(?:;|$)`).exec(
    request.headers.get("Cookie") ?? "",
  );
  return match?.[1] ?? null;
}

/** Whether the browser was counted on an earlier day, and the cookie that remembers the first day when it is new. */
function returningState(request: Request, day: string): { returning: boolean; setCookie: string | null } {
  const seen = seenDay(request);
  if (seen) return { returning: seen < day, setCookie: null };
  const secure = secureCookies ? "; Secure" : "";
  return {
    returning: false,
    setCookie: `${COOKIE_NAMES.seen}=${day}; Path=/; Max-Age=${SEEN_MAX_AGE}; SameSite=Lax; HttpOnly${secure}`,
  };
}

/** Only the referring origin, and nothing when it is this site. */
export function referrerOrigin(referrer: string | null | undefined, request: Request): string {
  if (!referrer || !URL.canParse(referrer)) return "";
  const url = new URL(referrer);
  if (url.protocol !== "http:" && url.protocol !== "https:") return "";
  return url.host === new URL(request.url).host ? "" : url.origin.slice(0, 200);
}

function serverConnection(request: Request) {
  return {
    connection: connectionType(request.headers.get("ECT")),
    saveData: request.headers.get("Save-Data")?.toLowerCase() === "on",
  };
}

// ---------------------------------------------------------------------------
// Page views counted by the server: each HTML page a reader with consent navigated to.

/** The id of the page view the server counted for this document, for the browser's first report to name it. */
export const serverViewContext = createContext<string | null>(null);

export function serverViewId(context: Context): string | null {
  return context.get(serverViewContext);
}

const newId = () => randomBytes(12).toString("hex");

/**
 * Root middleware: a navigation (isPageNavigation) to a reader's page answered with an HTML page
 * (status 200) to a reader with analytics consent counts one view. Client-side navigations fetch data,
 * not HTML, and are reported by the browser instead; the browser's report of
 * this first page names the server's view (serverViewContext), which it then
 * completes with the screen size rather than counting again.
 */
export const analyticsMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // No cookie, no consent: nothing to decide (the page cache's anonymous readers never get here).
  if (request.method !== "GET" || !request.headers.get("Cookie") || isPrefetch(request)) return next();
  const url = new URL(request.url);
  if (isApiPath(url.pathname) || url.pathname.endsWith(".data")) return next();
  if (!isPageNavigation(request) || !isReaderPage(url.pathname)) return next();
  let id: string | null = null;
  try {
    if (!(await refusal(request, "analytics"))) id = newId();
  } catch (error) {
    console.error("Analytics consent check failed:", error);
  }
  if (!id) return next();
  context.set(serverViewContext, id);
  const response = await next();
  if (response.status !== 200 || !/^text\/html\b/i.test(response.headers.get("Content-Type") ?? "")) return response;
  try {
    const setCookie = await recordView(request, context, {
      id,
      source: "server",
      path: url.pathname,
      referrer: request.headers.get("Referer"),
      ...serverConnection(request),
    });
    if (setCookie) response.headers.append("Set-Cookie", setCookie);
  } catch (error) {
    // Counting never costs the reader the page.
    console.error("Could not record a page view:", error);
  }
  return response;
};

type ViewInput = {
  id?: string;
  source: "server" | "beacon";
  path: string;
  referrer: string | null | undefined;
  connection: string;
  saveData: boolean;
  screenWidth?: number | null;
  screenHeight?: number | null;
};

/** Stores one page view; returns the returning-reader cookie to set, if any. */
async function recordView(request: Request, context: Context, input: ViewInput): Promise<string | null> {
  const now = new Date();
  const day = dayOf(now);
  const { pageType, storySlug } = classifyPath(input.path);
  const { browser, operatingSystem } = clientInfo(request.headers.get("User-Agent"));
  const { returning, setCookie } = returningState(request, day);
  await prisma.pageView.create({
    data: {
      ...(input.id ? { id: input.id } : {}),
      createdAt: now,
      day,
      path: input.path.slice(0, 500),
      pageType,
      storySlug,
      referrer: referrerOrigin(input.referrer, request),
      source: input.source,
      visitor: await visitorHash(request, context, day),
      returning,
      browser,
      os: operatingSystem.slice(0, 40),
      screenWidth: input.screenWidth ?? null,
      screenHeight: input.screenHeight ?? null,
      screenClass: screenClass(input.screenWidth),
      connection: connectionType(input.connection),
      saveData: input.saveData,
    },
  });
  return setCookie;
}

/** How long after the server counted a page the browser's report of it may still complete that view. */
const MERGE_WINDOW_MS = 30 * 60_000;

/**
 * POST /api/analytics/pageview. The report that names the server's view of the
 * same page load (viewId) completes that view (screen size, connection) instead
 * of counting a second one; any other report counts a client-side navigation.
 */
export async function recordPageViewReport(
  request: Request,
  context: Context,
  report: PageViewReport,
): Promise<{ counted: boolean; completed?: boolean; setCookie: string | null }> {
  if (!isReaderPage(report.path)) return { counted: false, setCookie: null };
  const connection = report.connection ?? request.headers.get("ECT") ?? "";
  const saveData = report.saveData ?? request.headers.get("Save-Data")?.toLowerCase() === "on";
  if (report.viewId) {
    const day = dayOf(new Date());
    const visitor = await visitorHash(request, context, day);
    const merged = await prisma.pageView.updateMany({
      where: {
        id: report.viewId,
        source: "server",
        visitor,
        screenWidth: null,
        createdAt: { gte: new Date(Date.now() - MERGE_WINDOW_MS) },
      },
      data: {
        screenWidth: report.screenWidth ?? null,
        screenHeight: report.screenHeight ?? null,
        screenClass: screenClass(report.screenWidth),
        connection: connectionType(connection),
        saveData,
      },
    });
    // Named but not found: the server did not count that page (not a 200, e.g. a 404), or the report comes
    // too late or from elsewhere. Either way the page load was the server's to count: never a second view.
    return { counted: false, setCookie: null, ...(merged.count > 0 ? { completed: true } : {}) };
  }
  const setCookie = await recordView(request, context, {
    source: "beacon",
    path: report.path,
    referrer: report.referrer,
    connection,
    saveData,
    screenWidth: report.screenWidth ?? null,
    screenHeight: report.screenHeight ?? null,
  });
  return { counted: true, setCookie };
}

function pathOfUrl(url: string, request: Request): string {
  if (url.startsWith("/")) return url.split(/[?#]/)[0] ?? "/";
  if (!URL.canParse(url)) return "/";
  const parsed = new URL(url);
  return parsed.host === new URL(request.url).host ? parsed.pathname : "/";
}

/** POST /api/analytics/vitals: one metric of one page load; a repeated report of the same metric replaces it. */
export async function recordVital(request: Request, report: VitalsReport) {
  const path = pathOfUrl(report.url, request).slice(0, 500);
  const values = {
    value: report.value,
    navigationType: report.navigationType.slice(0, 40),
    path,
    pageType: classifyPath(path).pageType,
    connection: connectionType(report.connection ?? request.headers.get("ECT")),
  };
  await prisma.webVital.upsert({
    where: { identifier: report.identifier },
    create: { day: dayOf(new Date()), name: report.metricName, identifier: report.identifier, ...values },
    update: values,
  });
}

/** POST /api/analytics/performance: the navigation timing of one page load. */
export async function recordPerformance(request: Request, report: PerformanceReportBody) {
  const path = pathOfUrl(report.path, request);
  await prisma.performanceReport.create({
    data: {
      day: dayOf(new Date()),
      path: path.slice(0, 500),
      pageType: classifyPath(path).pageType,
      connection: connectionType(report.connection ?? request.headers.get("ECT")),
      ...report.metrics,
      performanceScore: report.performanceScore ?? performanceScore(report.metrics),
      coreVitals: JSON.stringify(report.coreVitals ?? {}),
    },
  });
}

/**
 * A reading-position save (JS on or off) of a reader with analytics consent:
 * the reading-time figures. Never fails the save it follows.
 */
export async function recordReadingEvent(
  request: Request,
  context: Context,
  event: { slug: string; percent: number; finished: boolean },
) {
  try {
    if (await refusal(request, "analytics")) return;
    const day = dayOf(new Date());
    await prisma.readingEvent.create({
      data: {
        day,
        visitor: await visitorHash(request, context, day),
        storySlug: event.slug,
        percent: Math.max(0, Math.min(100, Math.round(event.percent))),
        finished: event.finished,
      },
    });
  } catch (error) {
    console.error("Could not record a reading event:", error);
  }
}
