// What the reliability suites need to know about every state-changing
// endpoint: how a real, valid request to it looks. Keyed by the path in
// app/routes.ts; hostile.spec.ts and csrf.spec.ts fail when a route with an
// action has no row here (or a row has no route), so a new action is tested
// from the day it appears. Add a row for a new action: what it reads (a form
// or JSON), how it passes the CSRF check, who may send it, and a valid body.
//
// The rows live per domain in ./endpoints/ (one module each, the same shape: ./endpoints/shared.ts);
// a new route joins its domain's module, or a new module listed below.
import { ACCOUNT_ENDPOINTS } from "./endpoints/account.ts";
import { ADMIN_ENDPOINTS } from "./endpoints/admin.ts";
import { ANALYTICS_ENDPOINTS } from "./endpoints/analytics.ts";
import { AUTH_ENDPOINTS } from "./endpoints/auth.ts";
import { COMMUNITY_ENDPOINTS } from "./endpoints/community.ts";
import { FEEDBACK_ENDPOINTS } from "./endpoints/feedback.ts";
import { LIBRARY_ENDPOINTS } from "./endpoints/library.ts";
import { NOTIFICATION_ENDPOINTS } from "./endpoints/notifications.ts";
import { PREFERENCE_ENDPOINTS } from "./endpoints/preferences.ts";
import type { Endpoint } from "./endpoints/shared.ts";
import { STORY_ENDPOINTS } from "./endpoints/stories.ts";

export { type Account, asConsentingBrowser, BROWSER_UA, type Endpoint } from "./endpoints/shared.ts";

const DOMAINS: Record<string, Endpoint>[] = [
  PREFERENCE_ENDPOINTS,
  AUTH_ENDPOINTS,
  FEEDBACK_ENDPOINTS,
  ANALYTICS_ENDPOINTS,
  NOTIFICATION_ENDPOINTS,
  LIBRARY_ENDPOINTS,
  COMMUNITY_ENDPOINTS,
  STORY_ENDPOINTS,
  ACCOUNT_ENDPOINTS,
  ADMIN_ENDPOINTS,
];

/** Every row, by path; a path in two modules would silently keep one row, so it throws instead. */
export const ENDPOINTS: Record<string, Endpoint> = {};
for (const rows of DOMAINS) {
  for (const [path, endpoint] of Object.entries(rows)) {
    if (ENDPOINTS[path]) throw new Error(`${path} has two rows in the endpoint table`);
    ENDPOINTS[path] = endpoint;
  }
}

/** Routes with an action but no row in ./endpoints/, and rows whose route has no action: both must be empty. */
export function endpointTableGaps(actionPaths: string[]) {
  return {
    missing: actionPaths.filter((p) => !ENDPOINTS[p]),
    orphaned: Object.keys(ENDPOINTS).filter((p) => !actionPaths.includes(p)),
  };
}
