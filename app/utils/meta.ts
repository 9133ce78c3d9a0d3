import type { MetaDescriptor } from "react-router";
import { SITE } from "./site";

export function documentTitle(page?: string | null): string {
  return page ? `${page} | ${SITE.name}` : SITE.defaultTitle;
}

type PageMeta = {
  /** Page title without the site suffix; omitted means the site name alone. */
  title?: string;
  description?: string;
  /** Absolute origin of the site, from the root loader. */
  origin: string;
  /** Path (with search) of the page, for the canonical URL. */
  path: string;
  type?: "website" | "article";
  /** A full title that already carries the suffix (error pages). */
  fullTitle?: string;
};

/** Title, description, canonical URL and Open Graph tags from the site defaults. */
export function pageMeta({
  title,
  description,
  origin,
  path,
  type = "website",
  fullTitle,
}: PageMeta): MetaDescriptor[] {
  const resolvedTitle = fullTitle ?? documentTitle(title);
  const resolvedDescription = description ?? SITE.description;
  // Joined, not resolved: a path such as `//a%2fb` is still a path on this site, not another host.
  const url = new URL(`${new URL(origin).origin}/${path.replace(/^\/+/, "")}`).toString();
  const image = new URL(SITE.image, origin).toString();
  return [
    { title: resolvedTitle },
    { name: "description", content: resolvedDescription },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE.name },
    { property: "og:title", content: resolvedTitle },
    { property: "og:description", content: resolvedDescription },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:locale", content: SITE.locale },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:site", content: SITE.twitter },
  ];
}

type MetaMatch = { id: string; loaderData?: unknown } | undefined;

/** The site origin the root loader passes down, for canonical and Open Graph URLs. */
export function originFrom(matches: MetaMatch[]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { origin?: string } | undefined;
  return root?.origin ?? "http://localhost:3000";
}

/** pageMeta for a route's meta function: `meta = (args) => routeMeta(args, { title: "About" })`. */
export function routeMeta(
  args: { matches: MetaMatch[]; location: { pathname: string; search: string } },
  page: Omit<PageMeta, "origin" | "path"> = {},
): MetaDescriptor[] {
  return pageMeta({ ...page, origin: originFrom(args.matches), path: args.location.pathname + args.location.search });
}
