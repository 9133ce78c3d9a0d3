// The product's error pages (spec §2 Error pages) and how any HTTP status maps to one.
import { SITE } from "./site";

export type StatusPage = {
  code: number;
  title: string;
  /** The themed line shown under the title. */
  message: string;
  /** Meta description of the page. */
  description: string;
};

export const STATUS_PAGE_CODES = [403, 404, 429, 500, 503, 504] as const;
export type StatusPageCode = (typeof STATUS_PAGE_CODES)[number];

export const STATUS_PAGES: Record<StatusPageCode, StatusPage> = {
  403: {
    code: 403,
    title: "Forbidden",
    message: "This door is locked from the other side, and something is holding the handle.",
    description: "You don't have permission to access this page.",
  },
  404: {
    code: 404,
    title: "Page Not Found",
    message: "The page you're looking for doesn't exist or has been moved.",
    description: "The page you're looking for doesn't exist or has been moved.",
  },
  429: {
    code: 429,
    title: "Too Many Requests",
    message: "Slow down. Too many knocks in the night wake things that should stay asleep. Try again in a moment.",
    description: "You have made too many requests. Please wait a moment and try again.",
  },
  500: {
    code: 500,
    title: "Internal Server Error",
    message: "Something stirred in the machinery below. We are looking into what went wrong.",
    description: "An unexpected error occurred on our side.",
  },
  503: {
    code: 503,
    title: "Service Unavailable",
    message: "The candles have gone out for a moment. Our service is temporarily unavailable.",
    description: "Our service is temporarily unavailable.",
  },
  504: {
    code: 504,
    title: "Gateway Timeout",
    message: "We called into the dark and nothing answered in time. Please try again.",
    description: "A service we depend on did not answer in time.",
  },
};

/** Titles for client errors that have no page of their own but still deserve a clear answer. */
const OTHER_CLIENT_ERRORS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  405: "Method Not Allowed",
  409: "Conflict",
  410: "Gone",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
};

export function isStatusPageCode(code: number): code is StatusPageCode {
  return (STATUS_PAGE_CODES as readonly number[]).includes(code);
}

/**
 * The page for an HTTP status: the product's own page where it has one, any
 * other server error as 500, any other client error as itself with a generic
 * text (and the server's own message, when it sent one).
 */
export function statusPageFor(status: number, serverMessage?: string): StatusPage {
  if (isStatusPageCode(status)) return STATUS_PAGES[status];
  if (status >= 400 && status < 500) {
    const title = OTHER_CLIENT_ERRORS[status] ?? "Request Error";
    return {
      code: status,
      title,
      message: serverMessage ?? "The request could not be completed. Please check it and try again.",
      description: serverMessage ?? title,
    };
  }
  return STATUS_PAGES[500];
}

export function statusDocumentTitle(page: StatusPage): string {
  return `${page.code} - ${page.title} | ${SITE.name}`;
}
