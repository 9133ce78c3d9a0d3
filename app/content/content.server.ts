// The site's content chain, configured from the environment.
import { env } from "~/env.server";
import { createContentChain } from "./chain.server";
import { listOwnAlongside } from "./own-posts.server";
import { wordpressSources } from "./wordpress.server";

const globalForChain = globalThis as unknown as { contentChain?: ReturnType<typeof createContentChain> };

export const contentChain =
  globalForChain.contentChain ??
  createContentChain({
    sources: wordpressSources({ wpcomApiBase: env.WPCOM_API_BASE, wpcomSite: env.WPCOM_SITE, wpUrl: env.WP_URL }),
    siteOrigin: env.SITE_URL,
    community: listOwnAlongside,
    onSourceFailure: (source, failure) => {
      if (env.NODE_ENV !== "test")
        console.warn(`[content] ${source.name} failed (${failure.type}): ${failure.message}`);
    },
  });

globalForChain.contentChain = contentChain;
