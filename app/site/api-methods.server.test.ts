import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { apiRouteMethods, refusal } from "./api-methods.server";

const handler = () => new Response(null);

/** A server build's route manifest, as React Router's Vite plugin writes it (flat, by parent). */
const routes = {
  root: { id: "root", path: "", module: { default: handler, loader: handler } },
  "routes/api/posts": { id: "routes/api/posts", parentId: "root", path: "api/posts", module: { loader: handler } },
  "routes/api/auth/login": {
    id: "routes/api/auth/login",
    parentId: "root",
    path: "api/auth/login",
    module: { action: handler },
  },
  "routes/api/auth/logout": {
    id: "routes/api/auth/logout",
    parentId: "root",
    path: "api/auth/logout",
    module: { loader: handler, action: handler },
  },
  "routes/api/bookmarks": {
    id: "routes/api/bookmarks",
    parentId: "root",
    path: "api/bookmarks",
    module: { loader: handler, action: handler, handle: { actionMethods: ["POST", "PUT", "DELETE"] } },
  },
  "routes/api/not-found": { id: "routes/api/not-found", parentId: "root", path: "api/*", module: { loader: handler } },
  "routes/layouts/site": { id: "routes/layouts/site", parentId: "root", module: { default: handler } },
  "routes/stories": { id: "routes/stories", parentId: "routes/layouts/site", path: "stories", module: {} },
} as unknown as ServerBuild["routes"];

describe("the methods of the JSON API's routes, read from their modules", () => {
  const table = apiRouteMethods(routes);

  it("takes GET and HEAD where a loader is, POST (or what handle names) where an action is", () => {
    expect(Object.fromEntries(table)).toEqual({
      "/api/posts": ["GET", "HEAD"],
      "/api/auth/login": ["POST"],
      "/api/auth/logout": ["GET", "HEAD", "POST"],
      "/api/bookmarks": ["GET", "HEAD", "POST", "PUT", "DELETE"],
      "/api/*": "not found",
    });
  });

  it("answers another method 405 with Allow, and the splat route 404 whatever the method", async () => {
    expect(refusal(["GET", "HEAD"], "get")).toBeNull();
    const post = refusal(["GET", "HEAD"], "POST");
    expect(post?.status).toBe(405);
    expect(post?.headers.get("Allow")).toBe("GET, HEAD");
    expect(await post?.json()).toEqual({ message: "Use GET.", code: "CLIENT_ERROR" });
    // Audit b: PUT /api/auth/login signed in, as if it were POST.
    expect(refusal(["POST"], "PUT")?.status).toBe(405);
    expect(refusal(["POST"], "OPTIONS")?.headers.get("Allow")).toBe("POST");
    for (const method of ["GET", "POST", "DELETE"]) {
      const missing = refusal("not found", method);
      expect(missing?.status).toBe(404);
      expect(await missing?.json()).toMatchObject({ code: "NOT_FOUND" });
    }
  });
});
