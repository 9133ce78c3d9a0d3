// The addresses of community stories and their writers, in one place.

/** A published community story's page (spec §2: only while the community content flag is on). */
export const communityStoryPath = (slug: string) => `/community-story/${slug}`;

/**
 * A story's page: a community story's own, with its warnings and comments
 * (/story/{slug} sends it there), every other story's /story/{slug}.
 */
export const storyPath = (story: { slug: string; community?: unknown }) =>
  story.community ? communityStoryPath(story.slug) : `/story/${story.slug}`;

/** Its comments: the page the comment form posts to and comes back to. */
export const communityStoryCommentsPath = (slug: string) => `${communityStoryPath(slug)}/comments`;

/** A writer's public page: their name and published stories. */
export const writerProfilePath = (username: string) => `/author/${encodeURIComponent(username)}`;

export const editStoryPath = (id: number) => `/edit-story/${id}`;
