import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// The table of contents of the site. Aliases point at the same module under
// another id; they are never copies.
export default [
  // Resource routes: actions and JSON, no chrome.
  route("theme", "routes/theme.ts"),
  route("sidebar", "routes/sidebar.ts"),
  route("api/health", "routes/api/health.ts"),
  route("api/posts", "routes/api/posts.ts"),
  route("api/posts/:slug", "routes/api/post.ts"),
  route("feed.xml", "routes/feed.ts"),

  // The site shell: header, sidebar, footer.
  layout("routes/layouts/site.tsx", [
    index("routes/home.tsx", { id: "home" }),
    route("home", "routes/home.tsx", { id: "home-alias" }),
    route("stories", "routes/stories.tsx"),
    route("reader", "routes/reader.tsx"),
    route("reader/:slug", "routes/story.tsx", { id: "reader-story" }),
    route("story/:slug", "routes/story.tsx", { id: "story" }),
    route("search", "routes/search.tsx"),
    route("community", "routes/community.tsx"),
    route("eden-hollow", "routes/eden-hollow.tsx"),
    route("about", "routes/about.tsx"),
    route("contact", "routes/contact.tsx"),
    route("privacy", "routes/privacy.tsx"),
  ]),

  // The bare error shell: no navbar or footer.
  layout("routes/layouts/bare.tsx", [
    route("errors/:code", "routes/status-page.tsx", { id: "error-page" }),
    route("*", "routes/status-page.tsx", { id: "not-found" }),
  ]),
] satisfies RouteConfig;
