// A small HTTP client for the protocol-level suites: fetch with a cookie jar,
// no redirects followed, and bodies sent exactly as given (forms, JSON, raw
// bytes, multipart with files), so a test can send what a browser never would.
import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";

export type Reply = {
  status: number;
  headers: Headers;
  text: string;
  /** The body as JSON, or undefined when it is not JSON. */
  json: unknown;
  location: string | null;
};

export type Body =
  | { form: Record<string, string> | [string, string][] }
  | { json: unknown }
  | { multipart: FormData }
  | { raw: string | Uint8Array | ReadableStream<Uint8Array>; contentType?: string };

export type RequestOptions = {
  headers?: Record<string, string>;
  body?: Body;
  timeoutMs?: number;
};

export type HttpClient = ReturnType<typeof httpClient>;

/**
 * A client with its own cookies and its own client address (X-Test-Client,
 * which the test sites trust), so rate limits never mix two clients.
 */
export function httpClient(base: string, options: { clientId?: string; headers?: Record<string, string> } = {}) {
  const cookies = new Map<string, string>();
  const clientId = options.clientId ?? randomUUID();

  function cookieHeader() {
    return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  function remember(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) cookies.delete(name);
      else cookies.set(name, value);
    }
  }

  async function request(method: string, path: string, init: RequestOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { "X-Test-Client": clientId, ...options.headers };
    if (cookies.size) headers.Cookie = cookieHeader();
    let body: BodyInit | undefined;
    const given = init.body;
    if (given && "form" in given) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(given.form).toString();
    } else if (given && "json" in given) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(given.json);
    } else if (given && "multipart" in given) {
      body = given.multipart;
    } else if (given && "raw" in given) {
      if (given.contentType !== undefined) headers["Content-Type"] = given.contentType;
      body = given.raw as BodyInit;
    }
    Object.assign(headers, init.headers);
    for (const [name, value] of Object.entries(headers)) if (value === "") delete headers[name];
    const requestInit: RequestInit & { duplex: "half" } = {
      method,
      headers,
      body,
      redirect: "manual",
      // A stream body goes out chunked, without a Content-Length.
      duplex: "half",
      signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
    };
    const response = await fetch(new URL(path, base), requestInit);
    remember(response.headers);
    const text = await response.text();
    let json: unknown;
    if ((response.headers.get("content-type") ?? "").includes("json")) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    return {
      status: response.status,
      headers: response.headers,
      text,
      json,
      location: response.headers.get("location"),
    };
  }

  /** A CSRF token (and its cookie) from GET /api/csrf-token. */
  async function csrfToken(): Promise<string> {
    const reply = await request("GET", "/api/csrf-token");
    const token = (reply.json as { csrfToken?: unknown } | undefined)?.csrfToken;
    if (reply.status !== 200 || typeof token !== "string") throw new Error(`No CSRF token: ${reply.status}`);
    return token;
  }

  /** Signs in through the JSON API; throws when that fails. */
  async function signIn(email: string, password: string) {
    const reply = await request("POST", "/api/auth/login", {
      body: { json: { email, password } },
      headers: { "X-CSRF-Token": await csrfToken() },
    });
    if (reply.status !== 200) throw new Error(`Sign-in failed: ${reply.status} ${reply.text.slice(0, 200)}`);
  }

  /** Registers a new reader through the JSON API (signed in afterwards). */
  async function register(reader: { email: string; username: string; password: string }) {
    const reply = await request("POST", "/api/auth/register", {
      body: { json: reader },
      headers: { "X-CSRF-Token": await csrfToken() },
    });
    if (reply.status !== 201) throw new Error(`Registration failed: ${reply.status} ${reply.text.slice(0, 200)}`);
  }

  return {
    clientId,
    cookies,
    request,
    get: (path: string, init?: RequestOptions) => request("GET", path, init),
    post: (path: string, init?: RequestOptions) => request("POST", path, init),
    csrfToken,
    signIn,
    register,
  };
}

/**
 * The hidden fields of a page's forms (CSRF token, honeypot), as a person's
 * browser would send them with the form.
 */
export async function hiddenFields(client: HttpClient, path: string): Promise<Record<string, string>> {
  const reply = await client.get(path);
  if (reply.status !== 200) throw new Error(`GET ${path} answered ${reply.status}`);
  const fields: Record<string, string> = {};
  for (const input of reply.text.match(/<input[^>]*>/g) ?? []) {
    const name = input.match(/name="([^"]*)"/)?.[1];
    const value = input.match(/value="([^"]*)"/)?.[1] ?? "";
    if (name && (name === "csrf" || name.endsWith("__confirm"))) fields[name] = decodeHtml(value);
  }
  if (!fields.csrf) throw new Error(`GET ${path} has no CSRF field`);
  return fields;
}

function decodeHtml(value: string) {
  return value
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/**
 * A GET with the path exactly as given: fetch and URL resolve "../" and
 * re-encode, which would hide a traversal attempt from the server.
 */
export function rawGet(base: string, rawPath: string, headers: Record<string, string> = {}): Promise<Reply> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: hostname, port, path: rawPath, method: "GET", headers: { "X-Test-Client": randomUUID(), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
              responseHeaders.append(name, one);
            }
          }
          let json: unknown;
          if ((res.headers["content-type"] ?? "").includes("json")) {
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: responseHeaders,
            text,
            json,
            location: res.headers.location ?? null,
          });
        });
        res.on("error", reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`GET ${rawPath} timed out`)));
    req.on("error", reject);
    req.end();
  });
}
