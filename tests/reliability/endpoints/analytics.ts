import { type Endpoint, unique } from "./shared.ts";

export const ANALYTICS_ENDPOINTS: Record<string, Endpoint> = {
  // The browser's analytics reports (docs/decisions/023): same-origin like the preference
  // forms (sent with keepalive as a page is left, from cacheable pages too), and only with consent.
  "/api/analytics/pageview": {
    reads: "json",
    csrf: "origin",
    as: "anonymous",
    consent: true,
    valid: {
      navigation: () => ({
        path: "/stories",
        referrer: "https://search.example/results",
        timestamp: new Date().toISOString(),
        userAgent: "Mozilla/5.0",
        screenWidth: 390,
        screenHeight: 844,
      }),
    },
    accepted: [202],
    optional: ["referrer", "timestamp", "userAgent", "screenWidth", "screenHeight"],
    // The "repeated" case's 12345 is a real screen width: refused only when it is not one (tested as wrong types).
    lenient: ["screenWidth", "screenHeight"],
  },
  "/api/analytics/vitals": {
    reads: "json",
    csrf: "origin",
    as: "anonymous",
    consent: true,
    valid: {
      lcp: () => ({
        metricName: "LCP",
        value: 1234.5,
        identifier: `v5-${Date.now()}-${unique()}`,
        navigationType: "navigate",
        url: "http://localhost/stories",
        userAgent: "Mozilla/5.0",
      }),
    },
    accepted: [202],
    optional: ["navigationType", "userAgent"],
    // The "repeated" case's 12345 is a real measurement (12.3 s): refused only when it is not a number in range.
    lenient: ["value"],
  },
  "/api/analytics/performance": {
    reads: "json",
    csrf: "origin",
    as: "anonymous",
    consent: true,
    valid: {
      timing: () => ({
        metrics: {
          domContentLoaded: 900,
          firstByte: 120,
          loadEvent: 1400,
          transferSize: 14_000,
          encodedBodySize: 13_500,
          decodedBodySize: 52_000,
        },
        coreVitals: { LCP: 1200, FCP: 800 },
        performanceScore: 97,
        userAgent: "Mozilla/5.0",
        timestamp: new Date().toISOString(),
        path: "/stories",
      }),
    },
    accepted: [202],
    optional: ["coreVitals", "performanceScore", "userAgent", "timestamp"],
  },
};
