// Seeds the demo stories: the product's own posts, the last non-empty source of
// the content chain. Idempotent: stories, categories and tags are upserted by
// slug, so running it twice changes nothing.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { postSearchText } from "../app/content/search-index.ts";
import { DEFAULT_DATABASE_URL } from "../app/database.ts";
import { createDatabaseClient } from "../app/database-client.server.ts";

type DemoContent = {
  categories: { slug: string; name: string; description: string }[];
  tags: { slug: string; name: string }[];
  stories: {
    slug: string;
    title: string;
    authorName: string;
    category: string;
    tags: string[];
    createdAt: string;
    excerpt: string;
    content: string;
  }[];
};

export async function seed(url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL) {
  const demo: DemoContent = JSON.parse(await readFile(path.join(import.meta.dirname, "demo-stories.json"), "utf8"));
  // Either engine: the URL decides (docs/decisions/039).
  const prisma = await createDatabaseClient(url);
  try {
    for (const category of demo.categories) {
      await prisma.category.upsert({ where: { slug: category.slug }, create: category, update: category });
    }
    for (const tag of demo.tags) {
      await prisma.tag.upsert({ where: { slug: tag.slug }, create: tag, update: tag });
    }
    for (const story of demo.stories) {
      const fields = {
        title: story.title,
        authorName: story.authorName,
        excerpt: story.excerpt,
        content: story.content,
        searchText: postSearchText(story),
        createdAt: new Date(story.createdAt),
        status: "published",
        category: { connect: { slug: story.category } },
      };
      const tags = story.tags.map((slug) => ({ slug }));
      await prisma.post.upsert({
        where: { slug: story.slug },
        // The demo stories are the site's own from the start: no reader is told of them as new.
        create: { slug: story.slug, ...fields, announcedAt: new Date(), tags: { connect: tags } },
        update: { ...fields, tags: { set: tags } },
      });
    }
    return demo.stories.length;
  } finally {
    await prisma.$disconnect();
  }
}

if (import.meta.main) {
  const { loadEnvFile } = await import("../scripts/env-file.ts");
  loadEnvFile();
  const count = await seed();
  console.log(`Seeded ${count} demo stories.`);
}
