// What every REST reply shares: headers, error bodies, list parameters and paging,
// built as WordPress 6.1 builds them.
import type { IncomingMessage, ServerResponse } from "node:http";

type Json = unknown;
export type Reply = { status: number; body: Json; headers?: Record<string, string> };

export const JSON_TYPE = "application/json; charset=UTF-8";

function restHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Robots-Tag": "noindex",
    "X-Content-Type-Options": "nosniff",
    "Access-Control-Expose-Headers": "X-WP-Total, X-WP-TotalPages, Link",
    "Access-Control-Allow-Headers": "Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type",
    Vary: "Origin",
  };
  const origin = req.headers.origin;
  if (origin) {
    headers["Access-Control-Allow-Origin"] = origin;
    headers["Access-Control-Allow-Methods"] = "OPTIONS, GET, POST, PUT, PATCH, DELETE";
    headers["Access-Control-Allow-Credentials"] = "true";
  }
  return headers;
}

export function sendJson(req: IncomingMessage, res: ServerResponse, reply: Reply) {
  const body = JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    ...restHeaders(req),
    ...reply.headers,
    "Content-Type": JSON_TYPE,
    "Content-Length": Buffer.byteLength(body),
  });
  res.end(body);
}

export const restError = (
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): Reply => ({
  status,
  body: { code, message, data: { status, ...extra } },
});

export const noRoute = () => restError(404, "rest_no_route", "No route was found matching the URL and request method.");
export const invalidPostId = () => restError(404, "rest_post_invalid_id", "Invalid post ID.");

export const INTERNAL_ERROR_BODY = {
  code: "internal_server_error",
  message:
    '<p>There has been a critical error on this website.</p><p><a href="https://wordpress.org/documentation/article/faq-troubleshooting/">Learn more about troubleshooting WordPress.</a></p>',
  data: { status: 500 },
  additional_errors: [],
};

export const HTML_ERROR_PAGE = `<br />
<b>Fatal error</b>:  Uncaught Error: Call to undefined function nightfall_cover_url() in /var/www/html/wp-content/themes/nightfall/functions.php:212
Stack trace:
#0 /var/www/html/wp-includes/class-wp-hook.php(308): nightfall_rest_prepare_post()
#1 {main}
  thrown in <b>/var/www/html/wp-content/themes/nightfall/functions.php</b> on line <b>212</b><br />
<!DOCTYPE html>
<html dir='ltr'>
<head>
\t<meta http-equiv="Content-Type" content="text/html; charset=utf-8" />
\t<meta name="viewport" content="width=device-width">
\t<title>WordPress &rsaquo; Error</title>
</head>
<body id="error-page">
\t<div class="wp-die-message"><p>There has been a critical error on this website.</p><p><a href="https://wordpress.org/documentation/article/faq-troubleshooting/">Learn more about troubleshooting WordPress.</a></p></div>
</body>
</html>
`;

/** WordPress's rest_invalid_param error for the params that failed validation. */
export function invalidParams(problems: Record<string, { code: string; message: string }>): Reply {
  const names = Object.keys(problems);
  const params: Record<string, string> = {};
  const details: Record<string, { code: string; message: string; data: null }> = {};
  for (const name of names) {
    const problem = problems[name];
    if (!problem) continue;
    params[name] = problem.message;
    details[name] = { code: problem.code, message: problem.message, data: null };
  }
  return restError(400, "rest_invalid_param", `Invalid parameter(s): ${names.join(", ")}`, { params, details });
}

/** Values of a list parameter: `a=1,2`, `a=1&a=2` and PHP's `a[]=1&a[]=2` alike. */
export function listParam(query: URLSearchParams, name: string): string[] | undefined {
  const values = [...query.getAll(name), ...query.getAll(`${name}[]`)];
  if (values.length === 0) return undefined;
  return values
    .flatMap((value) => value.split(","))
    .map((value) => value.trim())
    .filter(Boolean);
}

type Paging = { page: number; perPage: number };

export function readPaging(
  query: URLSearchParams,
  problems: Record<string, { code: string; message: string }>,
): Paging {
  const int = (name: string, fallback: number, min: number, max?: number) => {
    const raw = query.get(name);
    if (raw === null) return fallback;
    if (!/^-?\d+$/.test(raw.trim())) {
      problems[name] = { code: "rest_invalid_type", message: `${name} is not of type integer.` };
      return fallback;
    }
    const value = Number.parseInt(raw, 10);
    if (max !== undefined && (value < min || value > max)) {
      problems[name] = {
        code: "rest_out_of_bounds",
        message: `${name} must be between ${min} (inclusive) and ${max} (inclusive)`,
      };
    } else if (value < min) {
      problems[name] = { code: "rest_out_of_bounds", message: `${name} must be greater than or equal to ${min}` };
    }
    return value;
  };
  return { page: int("page", 1, 1), perPage: int("per_page", 10, 1, 100) };
}

export function readIds(
  query: URLSearchParams,
  name: string,
  problems: Record<string, { code: string; message: string }>,
): number[] | undefined {
  const values = listParam(query, name);
  if (!values) return undefined;
  const ids: number[] = [];
  values.forEach((value, index) => {
    if (/^\d+$/.test(value)) ids.push(Number.parseInt(value, 10));
    else problems[name] = { code: "rest_invalid_type", message: `${name}[${index}] is not of type integer.` };
  });
  return ids;
}

/** `_fields`: keep only the named top-level keys (or dotted nested ones), in the item's own key order. */
export function pickFields<T extends object>(item: T, fields: string[] | undefined): Record<string, unknown> {
  if (!fields) return item as Record<string, unknown>;
  const wanted = new Map<string, string[] | true>();
  for (const field of fields) {
    const [top, ...rest] = field.split(".");
    if (!top) continue;
    if (rest.length === 0) wanted.set(top, true);
    else {
      const existing = wanted.get(top);
      if (existing !== true) wanted.set(top, [...(existing ?? []), rest.join(".")]);
    }
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    const want = wanted.get(key);
    if (want === undefined) continue;
    out[key] = want === true || value === null || typeof value !== "object" ? value : pickFields(value, want);
  }
  return out;
}

/** X-WP-Total, X-WP-TotalPages and the prev/next Link header, built like WP_REST_Posts_Controller does. */
export function pagingHeaders(endpoint: string, query: URLSearchParams, total: number, paging: Paging) {
  const totalPages = Math.ceil(total / paging.perPage);
  const headers: Record<string, string> = { "X-WP-Total": String(total), "X-WP-TotalPages": String(totalPages) };
  const linkTo = (page: number) => {
    const params = new URLSearchParams(query);
    params.set("page", String(page));
    return `${endpoint}?${params.toString()}`;
  };
  const links: string[] = [];
  if (paging.page > 1) {
    const prev = Math.min(paging.page - 1, totalPages);
    links.push(`<${linkTo(prev)}>; rel="prev"`);
  }
  if (totalPages > paging.page) links.push(`<${linkTo(paging.page + 1)}>; rel="next"`);
  if (links.length) headers.Link = links.join(", ");
  return headers;
}
