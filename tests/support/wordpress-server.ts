import { parseArgs } from "node:util";
// A WordPress REST API on loopback for the tests: the response shapes, headers
// and error bodies of a real WordPress 6.1 (recorded from one: JSON arrays
// with X-WP-Total and X-WP-TotalPages), served by a real process, both as a
// self-hosted site (/wp-json/wp/v2/...) and WordPress.com style
// (/wpcom/wp/v2/sites/{site}/...). Node built-ins only, so it runs under
// plain `node` with type stripping.
//
//   node tests/support/wordpress-server.ts --port 3211 [--host 127.0.0.1] [--mode healthy]
//
// Modes make it misbehave on purpose (hang, HTTP 500, an HTML page, invalid
// items, an object instead of a list, an empty site); other processes switch
// them with POST /__control/mode (text/plain body: the mode name).

import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { crc32, deflateSync } from "node:zlib";

export type WordPressMode =
  | "healthy"
  | "hang"
  | "error500"
  | "html"
  | "invalid-items"
  | "object"
  | "empty"
  | "redirect"
  | "huge-body"
  | "endless-body"
  | "oversized-page"
  | "hostile";

/**
 * redirect: every API request answers 302 to the same path under /moved/ on
 *   the `redirectTo` origin (this server's own when not given), which answers it.
 * huge-body: a valid JSON list of one post whose excerpt is 50 MB, streamed.
 * endless-body: `[` and then whitespace, forever (until the client goes away).
 * oversized-page: 500 posts whatever per_page asked for.
 * hostile: the first posts carry slugs that are paths or not slugs, control
 *   characters and HTML in their titles; the rest are healthy.
 */
export const WORDPRESS_MODES: readonly WordPressMode[] = [
  "healthy",
  "hang",
  "error500",
  "html",
  "invalid-items",
  "object",
  "empty",
  "redirect",
  "huge-body",
  "endless-body",
  "oversized-page",
  "hostile",
];

export type WordPressServer = {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** The self-hosted site root (same as origin); the API is under `${wpUrl}/wp-json/wp/v2/`. */
  wpUrl: string;
  /** WordPress.com style API root: posts at `${wpcomApiBase}/wp/v2/sites/{site}/posts`. */
  wpcomApiBase: string;
  /** Every request as "METHOD /path?query", in arrival order (control requests included). */
  requests: string[];
  setMode(mode: WordPressMode): void;
  /** Stops listening and destroys every connection, hung ones included. */
  close(): Promise<void>;
};

type Rendered = { rendered: string };
type Link = {
  href: string;
  embeddable?: boolean;
  taxonomy?: string;
  count?: number;
  name?: string;
  templated?: boolean;
};

export type WpPost = {
  id: number;
  date: string;
  date_gmt: string;
  guid: Rendered;
  modified: string;
  modified_gmt: string;
  slug: string;
  status: "publish";
  type: "post";
  link: string;
  title: Rendered;
  content: { rendered: string; protected: boolean };
  excerpt: { rendered: string; protected: boolean };
  author: number;
  featured_media: number;
  comment_status: "open" | "closed";
  ping_status: "open" | "closed";
  sticky: boolean;
  template: string;
  format: "standard";
  meta: unknown[];
  categories: number[];
  tags: number[];
  _links: Record<string, Link[]>;
};

export type WpTerm = {
  id: number;
  count: number;
  description: string;
  link: string;
  name: string;
  slug: string;
  taxonomy: "category" | "post_tag";
  parent?: number;
  meta: unknown[];
  _links: Record<string, Link[]>;
};

/** Where post links, guids and _links point: WordPress's own placeholder site, as in the fixture. */
export const WP_PLACEHOLDER_ORIGIN = "https://wp.example";
const PLACEHOLDER_API = `${WP_PLACEHOLDER_ORIGIN}/wp-json/wp/v2`;

// ---------------------------------------------------------------------------
// Text helpers: what WordPress does to titles, content and excerpts.

/** A small wptexturize: curly quotes, dashes, ellipses and &#038; in text (tags left alone). */
export function texturize(html: string): string {
  return html
    .split(/(<[^>]*>)/)
    .map((part, index) => {
      if (index % 2 === 1) return part;
      return part
        .replace(/&(?!#\d+;|#x[\da-f]+;|[a-z][a-z\d]*;)/gi, "&#038;")
        .replace(/\.\.\./g, "&#8230;")
        .replace(/ -- /g, " &#8212; ")
        .replace(/ - /g, " &#8211; ")
        .replace(/(^|[\s(])"/g, "$1&#8220;")
        .replace(/"/g, "&#8221;")
        .replace(/([\p{L}\d.,!?])'/gu, "$1&#8217;")
        .replace(/'/g, "&#8216;");
    })
    .join("");
}

/** wp_trim_excerpt: the first 55 words of the tag-stripped content, " [&hellip;]" when cut, wrapped by wpautop. */
export function wordpressExcerpt(contentRendered: string, words = 55): string {
  const text = contentRendered
    .replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, "")
    .replace(/<[^>]*>/g, "")
    .trim();
  const all = text.split(/[\n\r\t ]+/).filter(Boolean);
  if (all.length === 0) return "";
  const cut = all.length > words;
  return `<p>${all.slice(0, words).join(" ")}${cut ? " [&hellip;]" : ""}</p>\n`;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  hellip: "…",
  nbsp: " ",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Block-editor style rendered content: "\n<p>…</p>\n\n\n\n<p>…</p>\n". */
const blocks = (paragraphs: string[]) => `\n${paragraphs.map((p) => `<p>${texturize(p)}</p>`).join("\n\n\n\n")}\n`;

// ---------------------------------------------------------------------------
// The dataset.

type TermSeed = { id: number; name: string; slug: string };

const CATEGORY_SEEDS: TermSeed[] = [
  { id: 1, name: "Uncategorized", slug: "uncategorized" },
  { id: 2, name: "Gothic", slug: "gothic" },
  { id: 3, name: "Psychological", slug: "psychological" },
  { id: 4, name: "Folk Horror", slug: "folk-horror" },
];

const TAG_SEEDS: TermSeed[] = [
  { id: 5, name: "Haunting", slug: "haunting" },
  { id: 6, name: "Winter", slug: "winter" },
  { id: 7, name: "The Sea", slug: "the-sea" },
  { id: 8, name: "Letters", slug: "letters" },
  { id: 9, name: "Isolation", slug: "isolation" },
  { id: 10, name: "Mirrors", slug: "mirrors" },
];

type PostSeed = {
  slug: string;
  title: string;
  content: string;
  excerpt?: string;
  protected?: boolean;
  categories: number[];
  tags: number[];
  featured: boolean;
  comments?: "open" | "closed";
};

/** The fixture's hostile post content, verbatim: script, onerror=, onclick= and a javascript: link. */
export const XSS_POST_CONTENT_RENDERED =
  '\n<p>This story was recovered from a forum that went offline in 2009. The moderators said the original post did things to the browsers of people who read it.</p>\n\n\n\n<script>alert(1)</script>\n<p>The image below never loaded for anyone who tried it.</p>\n<img decoding="async" src="/cursed-nonexistent.png" alt="cursed" onerror="alert(2)">\n<p><a href="javascript:alert(3)">Click to see what is standing behind you</a></p>\n<p onclick="alert(4)">Do not click this sentence.</p>\n\n\n\n<p>By the third week the cursed post had moved. Not far, never far, only enough that the moderator could not swear it had not always been there, turned a little toward the bed.</p>\n\n\n\n<blockquote class="wp-block-quote"><p>Count the faces in the photograph before you go to bed. Count them again when you wake.</p><cite>— written on the back of a photograph</cite></blockquote>\n\n\n\n<p>The neighbours were kind in the way people are kind to someone already leaving. They brought bread, and they did not look at the cursed post, and they did not stay past dusk.</p>\n\n\n\n<p>In the morning the cursed post was gone, and so was the moderator. The kettle was still warm. On the table were two cups, and one of them had been used.</p>\n';

export const XSS_POST_EXCERPT_RENDERED =
  "<p>This story was recovered from a forum that went offline in 2009. The moderators said the original post did things to the browsers of people who read it. The image below never loaded for anyone who tried it. Click to see what is standing behind you Do not click this sentence. By the third week [&hellip;]</p>\n";

/** The fixture's first post (its content completed past the fixture's trim point). */
const FERRY_CONTENT =
  "<p>The café on the quay sells tickets for the last ferry to Hollin Isle — “returns not available” — and Morwenna, who should have asked why, bought one anyway. 🕯️</p>\n" +
  "<p>At first it was only the foghorn with no ship, faint enough to blame on the pipes or the wind. Morwenna wrote it down anyway, the way her mother had taught her to write down anything the sea said twice.</p>\n" +
  "<p>The crossing took longer than the timetable promised. Nobody else on deck had luggage. When she asked the woman beside her how long she meant to stay on Hollin, the woman only smiled and showed her a ticket exactly like her own, punched on a date forty years gone.</p>\n" +
  "<p>The island, when it came out of the fog, had her mother’s house on it, with the kitchen light on.</p>\n";

const FERRY_EXCERPT =
  "<p>The café on the quay sells tickets for the last ferry to Hollin Isle — “returns not available” — and Morwenna, who should have asked why, bought one anyway. 🕯️ At first it was only the foghorn with no ship, faint enough to blame on the pipes or the wind. Morwenna wrote it down anyway, [&hellip;]</p>\n";

// Newest first: index 0 is id 53 on 2024-10-19T21:48:00, each next one a day older.
// "lantern" appears in exactly three posts, "ferry" only in the first.
const POST_SEEDS: PostSeed[] = [
  {
    slug: "last-ferry-to-hollin-isle",
    title: "Last Ferry to Hollin Isle",
    content: FERRY_CONTENT,
    excerpt: FERRY_EXCERPT,
    categories: [4, 2],
    tags: [7, 9],
    featured: true,
  },
  {
    slug: "bread-and-salt",
    title: "Bread & Salt",
    content: blocks([
      "In Marrowby you leave bread and salt on the sill on the longest night, and you do not watch to see who takes it. Edith's grandmother had done it for sixty winters. Edith, new to the cottage and proud of being sensible, left nothing.",
      "The knocking began after midnight, polite at first, three raps and a pause, the way the postman knocked. By two it was on every window at once.",
      "In the morning the sill was scratched white, as if something had licked it for salt, and all the bread in the house had gone grey and soft as a drowned thing.",
    ]),
    categories: [4],
    tags: [5, 6],
    featured: false,
  },
  {
    slug: "the-cursed-post",
    title: "The Cursed Post",
    content: XSS_POST_CONTENT_RENDERED,
    excerpt: XSS_POST_EXCERPT_RENDERED,
    categories: [3],
    tags: [5, 10],
    featured: true,
  },
  {
    slug: "the-sealed-letter",
    title: "The Sealed Letter",
    content: "",
    protected: true,
    categories: [2],
    tags: [8],
    featured: false,
  },
  {
    slug: "dont-answer",
    title: `"Don't Answer"`,
    content: blocks([
      "The landline in the hall has not been connected since 1998. Nobody in the family has ever explained why it is still on the wall, only that you don't answer it.",
      `It rang at 3:12 on the night of Nan's funeral. Tom stood at the top of the stairs and counted twenty-two rings. On the twenty-third his sister picked it up, and said "Hello?", and then, in a small pleased voice, "Oh. It's you."`,
      "She will not tell him who it was. She sits by the phone now, every night, waiting for it to ring again.",
    ]),
    categories: [3],
    tags: [9],
    featured: true,
  },
  {
    slug: "the-lamplighters-daughter",
    title: "The Lamplighter's Daughter",
    content: blocks([
      "Every dusk Agnes walked the towpath with her father's lantern, lighting the posts between the lock and the mill. He had been dead three years, but the canal people still paid her in coppers and did not ask.",
      "One evening there was a post she had never seen before, standing in the reeds where no post should be. Its glass was already lit, and the flame inside was the exact blue of her father's eyes.",
      "She did not light the others that night. In the morning the canal people found every lamp along the water burning anyway.",
    ]),
    categories: [2],
    tags: [5],
    featured: false,
    comments: "open",
  },
  {
    slug: "what-the-snow-keeps",
    title: "What the Snow Keeps",
    content: blocks([
      "The village buries nothing in winter. The ground is too hard, so the dead wait in the chapel cellar under sacking until the thaw, and the sexton keeps the key.",
      "This year the snow came early and stayed. By February the sexton swore he could hear them shifting down there, patient as cattle, and in March he stopped going down at all.",
      "When the thaw finally came, the cellar was empty and the footprints in the slush went uphill, away from the churchyard, toward the houses.",
    ]),
    categories: [4, 3],
    tags: [6, 9],
    featured: true,
  },
  {
    slug: "the-glass-in-the-attic",
    title: "The Glass in the Attic",
    content: blocks([
      "The estate agent called it a period feature: a tall mirror screwed to the attic wall, its silver spotted like an old hand. Clara hung a sheet over it the first week.",
      "The sheet was on the floor every morning, folded neatly, corners square, the way her mother used to fold them.",
    ]),
    categories: [2],
    tags: [10],
    featured: false,
  },
  {
    slug: "low-tide-at-carrick",
    title: "Low Tide at Carrick",
    content: blocks([
      "At the lowest tide of the year the bay at Carrick drains almost to the horizon, and the old causeway shows itself, green and slick, running out to nowhere.",
      "The boy saw a lantern bobbing at the far end of it, and a figure holding it up, beckoning. His uncle caught him by the collar on the first stone.",
      "There's no one out there, his uncle said. There's never been anyone out there. That's the point of the light.",
    ]),
    categories: [4],
    tags: [7],
    featured: true,
  },
  {
    slug: "the-tenant-in-room-eleven",
    title: "The Tenant in Room Eleven",
    content: blocks([
      "The boarding house has ten rooms. Mrs Penhale will show you all of them, and the bathroom, and the line in the yard where you may dry your smalls.",
      "But at night there is a door between nine and ten that isn't there in daylight, and a brass 11 on it, and behind it someone who coughs the way your father coughed at the end.",
      "Do not knock. Mrs Penhale's last lodger knocked. She still has his suitcase, if you'd like to see it.",
    ]),
    categories: [3],
    tags: [5, 9],
    featured: false,
  },
  {
    slug: "letters-from-the-point",
    title: "Letters from the Point",
    content: blocks([
      "The keeper's letters arrived every Thursday for a year after the light on the Point went dark: neat copperplate, a weather report, a line about the gulls.",
      "His widow answered every one. It was only when the postmistress mentioned that no boat had gone out to the Point since the storm that she began to wonder who carried them.",
      "She kept writing all the same. The last letter said only: the tide is turning, love, and I am nearly home.",
    ]),
    categories: [2],
    tags: [7, 8],
    featured: true,
  },
  {
    slug: "the-orchard-wife",
    title: "The Orchard Wife",
    content: blocks([
      "They say you must wassail the oldest tree, pour cider on its roots and shout until your throat is raw, or the orchard wife will go hungry. Young Harry thought it a game for drunks.",
      "That autumn every apple on the farm had a bite out of it, a small neat bite, human-shaped, and the marks were still wet.",
    ]),
    categories: [4],
    tags: [5],
    featured: false,
  },
  {
    slug: "second-reflection",
    title: "Second Reflection",
    content: blocks([
      "In the shop window Daniel noticed two reflections of himself: one where it ought to be, and one a step behind, a little late, as if it had to think about each movement first.",
      "He changed his route to work. He stopped looking at windows. But it is very hard to avoid every dark screen and every puddle in a city, and the second one is catching up.",
      "This morning, shaving, he raised his left hand. In the mirror, both of them raised their right.",
    ]),
    categories: [3],
    tags: [10],
    featured: true,
  },
  {
    slug: "the-long-field",
    title: "The Long Field",
    content: blocks([
      "Nobody ploughs the long field. It lies fallow behind the Hendry farm, hedged on four sides, and the hares will not cross it.",
      "Walking home late from the fair, Ruth saw lantern light moving in a slow line across the middle of it, as if a procession were carrying something heavy and careful between them.",
      "She counted eleven lights. The next morning there were eleven new stones at the field's edge, and her brother's name was scratched on the last.",
    ]),
    categories: [4, 3],
    tags: [6],
    featured: false,
  },
  {
    slug: "the-night-nurse",
    title: "The Night Nurse",
    content: blocks([
      "Ward Six has not had a night nurse since the budget cuts, but the patients all speak well of her: the cool hand, the hummed hymn, the water glass filled before they think to ask.",
      "The day staff find the glasses in the morning, full to the brim, and a damp smell of river water by every bed.",
    ]),
    categories: [3],
    tags: [9],
    featured: true,
  },
  {
    slug: "the-weeping-choir",
    title: "The Weeping Choir",
    content: blocks([
      "St Oswin's choir was disbanded in 1923 after the fever took half of them. The choir stalls have been empty a hundred years.",
      "Still, on wet Sundays, the verger hears a second congregation singing a half-beat behind the first, thin and sweet and very tired.",
      "He has stopped mentioning it to the vicar. He has started, very quietly, to sing along.",
    ]),
    categories: [2],
    tags: [5],
    featured: false,
  },
  {
    slug: "under-the-ice",
    title: "Under the Ice",
    content: blocks([
      "The mere froze solid for the first time in thirty winters, and the children skated on it from dawn until the light went.",
      "Lily was the one who looked down. Under the ice, a hand's breadth beneath her skates, a face looked back up at her, eyes open, patient, mouthing a name she almost knew.",
      "It is still there. Every winter the mere freezes a little sooner, and the face is a little nearer the surface.",
    ]),
    categories: [4],
    tags: [6, 7],
    featured: true,
  },
  {
    slug: "the-returned-parcel",
    title: "The Returned Parcel",
    content: blocks([
      "The parcel came back marked Not Known At This Address, which was strange, because it was addressed to Margaret, and Margaret had lived there for forty years.",
      "Inside were her own letters to her sister, every one she had ever written, opened and read and carefully refolded, and a note in her own handwriting: stop writing to me.",
    ]),
    categories: [3],
    tags: [8],
    featured: false,
  },
  {
    slug: "the-well-at-ashcombe",
    title: "The Well at Ashcombe",
    content: blocks([
      "You drop a pin into the Ashcombe well and make a wish. Everyone does it. Nobody says what happens to the wishes that are granted the wrong way round.",
      "Peter wished for his brother to leave him alone. That night he lowered the bucket and drew it up heavy, and heard, very faintly from inside it, his brother calling his name.",
      "He lowered it again, quickly. Lately he lies awake listening for the rope.",
    ]),
    categories: [4],
    tags: [5],
    featured: true,
  },
  {
    slug: "hollow-hours",
    title: "Hollow Hours",
    content: blocks([
      "Between four and five in the morning the house is not quite Sarah's house. The stairs have one step too many. The clock in the hall ticks backward for a while and then forgets to.",
      "She has learned to stay in bed until the blackbird starts. Last week the blackbird started at half past three, and it sang in her husband's voice.",
    ]),
    categories: [3],
    tags: [9, 6],
    featured: false,
  },
  {
    slug: "the-vanity-mirror",
    title: "The Vanity Mirror",
    content: blocks([
      "The vanity mirror came from a house clearance with a bundle of letters tucked behind the glass, addressed to a woman called Lettice and never posted.",
      "Anna read them one by one at the dressing table. They grew more frightened as they went. The last one said: she is learning my face, and when she has it all she will keep it.",
      "Anna looked up. Her reflection was still reading.",
    ]),
    categories: [2],
    tags: [10, 8],
    featured: true,
  },
  {
    slug: "the-drowned-bells",
    title: "The Drowned Bells",
    content: blocks([
      "When the valley was flooded for the reservoir the church went under with its bells still hung. In dry summers the tower shows above the water like a finger.",
      "Fishermen say that on still nights you can hear the bells ring the hour beneath you, slow and muffled, and that if you count the strokes you will hear one more than there should be.",
      "Old Jory counted thirteen, and went home, and set his affairs in order.",
    ]),
    categories: [4, 2],
    tags: [7],
    featured: false,
  },
  {
    slug: "the-quiet-floor",
    title: "The Quiet Floor",
    content: blocks([
      "The library's fourth floor is the quiet floor, and the quiet is kept very strictly. Phones are forbidden. Whispering is forbidden. Footsteps are discouraged.",
      "Nobody on the staff can tell you who enforces it. But students who talk there come down pale, and do not talk much afterwards, about anything.",
      "Someone pinned a handwritten notice to the lift doors last term: PLEASE STOP SHUSHING US. It was gone by morning, and so was the student who wrote it.",
    ]),
    categories: [3],
    tags: [9],
    featured: true,
  },
  {
    slug: "the-first-frost",
    title: "The First Frost",
    content: blocks([
      "On the morning of the first frost there are always footprints on the lawn, bare and narrow, walking from the hedge to the back door and stopping there.",
      "Grandad used to leave the door unlocked that one night, and a bowl of milk on the step. Nobody has done it since he died, and this year the footprints do not stop at the door.",
    ]),
    categories: [2],
    tags: [6],
    featured: false,
  },
];

/** The one media item (the fixture's), featured on every other post. */
const FEATURED_MEDIA_ID = 9;
const NEWEST = Date.UTC(2024, 9, 19, 21, 48, 0);
const DAY = 24 * 60 * 60 * 1000;
const wpDate = (ms: number) => new Date(ms).toISOString().slice(0, 19);

function postLinks(id: number, featuredMedia: number): Record<string, Link[]> {
  const links: Record<string, Link[]> = {
    self: [{ href: `${PLACEHOLDER_API}/posts/${id}` }],
    collection: [{ href: `${PLACEHOLDER_API}/posts` }],
    about: [{ href: `${PLACEHOLDER_API}/types/post` }],
    author: [{ embeddable: true, href: `${PLACEHOLDER_API}/users/1` }],
    replies: [{ embeddable: true, href: `${PLACEHOLDER_API}/comments?post=${id}` }],
    "version-history": [{ count: 0, href: `${PLACEHOLDER_API}/posts/${id}/revisions` }],
  };
  if (featuredMedia)
    links["wp:featuredmedia"] = [{ embeddable: true, href: `${PLACEHOLDER_API}/media/${featuredMedia}` }];
  links["wp:attachment"] = [{ href: `${PLACEHOLDER_API}/media?parent=${id}` }];
  links["wp:term"] = [
    { taxonomy: "category", embeddable: true, href: `${PLACEHOLDER_API}/categories?post=${id}` },
    { taxonomy: "post_tag", embeddable: true, href: `${PLACEHOLDER_API}/tags?post=${id}` },
  ];
  links.curies = [{ name: "wp", href: "https://api.w.org/{rel}", templated: true }];
  return links;
}

/** The 24 posts, newest first: ids 53 down to 30, one day apart from 2024-10-19T21:48:00. */
export const WP_POSTS: readonly WpPost[] = POST_SEEDS.map((seed, index) =>
  wpPost(seed, 53 - index, NEWEST - index * DAY),
);

/**
 * Older posts after the 24 (option `archivePosts`, and the 500 items of
 * "oversized-page"): the seeds again under new ids and slugs, a day apart.
 */
export function archivePosts(count: number): WpPost[] {
  return Array.from({ length: count }, (_, n) => {
    const seed = POST_SEEDS[n % POST_SEEDS.length] as PostSeed;
    return wpPost({ ...seed, slug: `archive-${n + 1}-${seed.slug}` }, 1000 + n, NEWEST - (POST_SEEDS.length + n) * DAY);
  });
}

function wpPost(seed: PostSeed, id: number, time: number): WpPost {
  const date = wpDate(time);
  const featuredMedia = seed.featured ? FEATURED_MEDIA_ID : 0;
  const permalink = `${WP_PLACEHOLDER_ORIGIN}/${seed.slug}/`;
  const isProtected = seed.protected === true;
  return {
    id,
    date,
    date_gmt: date,
    guid: { rendered: `${WP_PLACEHOLDER_ORIGIN}/?p=${id}` },
    modified: date,
    modified_gmt: date,
    slug: seed.slug,
    status: "publish",
    type: "post",
    link: permalink,
    title: { rendered: texturize(seed.title) },
    content: { rendered: isProtected ? "" : seed.content, protected: isProtected },
    excerpt: { rendered: isProtected ? "" : (seed.excerpt ?? wordpressExcerpt(seed.content)), protected: isProtected },
    author: 1,
    featured_media: featuredMedia,
    comment_status: seed.comments ?? "closed",
    ping_status: "closed",
    sticky: false,
    template: "",
    format: "standard",
    meta: [],
    categories: seed.categories,
    tags: seed.tags,
    _links: postLinks(id, featuredMedia),
  };
}

function termsFrom(seeds: TermSeed[], taxonomy: "category" | "post_tag"): WpTerm[] {
  const key = taxonomy === "category" ? "categories" : "tags";
  const base = taxonomy === "category" ? "category" : "tag";
  return seeds.map((seed) => {
    const term: WpTerm = {
      id: seed.id,
      count: WP_POSTS.filter((post) => post[key].includes(seed.id)).length,
      description: "",
      link: `${WP_PLACEHOLDER_ORIGIN}/${base}/${seed.slug}/`,
      name: seed.name,
      slug: seed.slug,
      taxonomy,
      meta: [],
      _links: {
        self: [{ href: `${PLACEHOLDER_API}/${key}/${seed.id}` }],
        collection: [{ href: `${PLACEHOLDER_API}/${key}` }],
        about: [{ href: `${PLACEHOLDER_API}/taxonomies/${taxonomy}` }],
        "wp:post_type": [{ href: `${PLACEHOLDER_API}/posts?${key}=${seed.id}` }],
        curies: [{ name: "wp", href: "https://api.w.org/{rel}", templated: true }],
      },
    };
    if (taxonomy === "post_tag") return term;
    // Categories have a parent, between taxonomy and meta as WordPress orders them.
    const { meta, _links, ...rest } = term;
    return { ...rest, parent: 0, meta, _links };
  });
}

/** Categories 1..4 as in the fixture (counts from WP_POSTS), sorted by name as WordPress lists them. */
export const WP_CATEGORIES: readonly WpTerm[] = termsFrom(CATEGORY_SEEDS, "category");
/** Tags 5..10. */
export const WP_TAGS: readonly WpTerm[] = termsFrom(TAG_SEEDS, "post_tag");

const MEDIA_FILE = "2024/09/nightfall-cover-5";
const MEDIA_SIZES: Record<string, [number, number, string]> = {
  medium: [300, 169, "-300x169"],
  large: [1024, 576, "-1024x576"],
  thumbnail: [150, 150, "-150x150"],
  medium_large: [768, 432, "-768x432"],
  full: [1200, 675, ""],
};

/** The fixture's media item 9, with its images on `origin` (this server serves them). */
export function wpMedia(origin: string) {
  const uploads = `${origin}/wp-content/uploads/`;
  const sizes: Record<string, { file: string; width: number; height: number; mime_type: string; source_url: string }> =
    {};
  for (const [name, [width, height, suffix]] of Object.entries(MEDIA_SIZES)) {
    const file = `nightfall-cover-5${suffix}.png`;
    sizes[name] = { file, width, height, mime_type: "image/png", source_url: `${uploads}${MEDIA_FILE}${suffix}.png` };
  }
  const date = "2024-09-20T10:00:00";
  return {
    id: 9,
    date,
    date_gmt: date,
    guid: { rendered: `${uploads}${MEDIA_FILE}.png` },
    modified: date,
    modified_gmt: date,
    slug: "nightfall-cover-5",
    status: "inherit",
    type: "attachment",
    link: `${WP_PLACEHOLDER_ORIGIN}/nightfall-cover-5/`,
    title: { rendered: "nightfall-cover-5" },
    author: 1,
    comment_status: "open",
    ping_status: "closed",
    template: "",
    meta: [],
    description: {
      rendered: `<p class="attachment"><a href="${uploads}${MEDIA_FILE}.png"><img width="300" height="169" src="${uploads}${MEDIA_FILE}-300x169.png" class="attachment-medium size-medium" alt="Procedurally drawn cover: Blue hour" decoding="async" loading="lazy" /></a></p>\n`,
    },
    caption: { rendered: "" },
    alt_text: "Procedurally drawn cover: Blue hour",
    media_type: "image",
    mime_type: "image/png",
    media_details: { width: 1200, height: 675, file: `${MEDIA_FILE}.png`, filesize: 0, sizes, image_meta: {} },
    post: null,
    source_url: `${uploads}${MEDIA_FILE}.png`,
    _links: {
      self: [{ href: `${PLACEHOLDER_API}/media/9` }],
      collection: [{ href: `${PLACEHOLDER_API}/media` }],
      about: [{ href: `${PLACEHOLDER_API}/types/attachment` }],
      author: [{ embeddable: true, href: `${PLACEHOLDER_API}/users/1` }],
      replies: [{ embeddable: true, href: `${PLACEHOLDER_API}/comments?post=9` }],
    },
  };
}

// ---------------------------------------------------------------------------
// PNG images: solid "blue hour" pictures of the size their file name says.

const pngCache = new Map<string, Buffer>();

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

export function solidPng(width: number, height: number, rgb: [number, number, number] = [27, 38, 79]): Buffer {
  const key = `${width}x${height}:${rgb.join(",")}`;
  const cached = pngCache.get(key);
  if (cached) return cached;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(raw)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
  pngCache.set(key, png);
  return png;
}

// ---------------------------------------------------------------------------
// Responses.

type Json = unknown;
type Reply = { status: number; body: Json; headers?: Record<string, string> };

const JSON_TYPE = "application/json; charset=UTF-8";

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

function sendJson(req: IncomingMessage, res: ServerResponse, reply: Reply) {
  const body = JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    ...restHeaders(req),
    ...reply.headers,
    "Content-Type": JSON_TYPE,
    "Content-Length": Buffer.byteLength(body),
  });
  res.end(body);
}

const restError = (status: number, code: string, message: string, extra: Record<string, unknown> = {}): Reply => ({
  status,
  body: { code, message, data: { status, ...extra } },
});

const noRoute = () => restError(404, "rest_no_route", "No route was found matching the URL and request method.");
const invalidPostId = () => restError(404, "rest_post_invalid_id", "Invalid post ID.");

const INTERNAL_ERROR_BODY = {
  code: "internal_server_error",
  message:
    '<p>There has been a critical error on this website.</p><p><a href="https://wordpress.org/documentation/article/faq-troubleshooting/">Learn more about troubleshooting WordPress.</a></p>',
  data: { status: 500 },
  additional_errors: [],
};

const HTML_ERROR_PAGE = `<br />
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
function invalidParams(problems: Record<string, { code: string; message: string }>): Reply {
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
function listParam(query: URLSearchParams, name: string): string[] | undefined {
  const values = [...query.getAll(name), ...query.getAll(`${name}[]`)];
  if (values.length === 0) return undefined;
  return values
    .flatMap((value) => value.split(","))
    .map((value) => value.trim())
    .filter(Boolean);
}

type Paging = { page: number; perPage: number };

function readPaging(query: URLSearchParams, problems: Record<string, { code: string; message: string }>): Paging {
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

function readIds(
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
function pickFields<T extends object>(item: T, fields: string[] | undefined): Record<string, unknown> {
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
function pagingHeaders(endpoint: string, query: URLSearchParams, total: number, paging: Paging) {
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

type Context = {
  origin: string;
  apiBase: string;
  mode: WordPressMode;
  query: URLSearchParams;
  posts: readonly WpPost[];
};

/** The slugs and titles of "hostile" mode, on the newest posts. */
export const HOSTILE_POSTS: readonly { slug?: string; title?: string; excerpt?: string }[] = [
  { slug: "../../api/auth/logout", title: "Click Me" },
  { title: "Night\u0001Shift\u0008 in\u000B the\u001F Ward\uFFFE", excerpt: "<p>Bell\u0007 rings\u0000</p>" },
  { title: '<img src=x onerror="alert(1)">The <b>Bold</b> Title<script>alert(2)</script>' },
  { slug: "UPPER-Case-Slug" },
  { slug: "%2e%2e%2fadmin" },
  { slug: "javascript:alert(1)" },
];

function hostilePost(post: WpPost, index: number): WpPost {
  const change = HOSTILE_POSTS[index];
  if (!change) return post;
  return {
    ...post,
    slug: change.slug ?? post.slug,
    title: change.title ? { rendered: change.title } : post.title,
    excerpt: change.excerpt ? { ...post.excerpt, rendered: change.excerpt } : post.excerpt,
  };
}

const OVERSIZED_PAGE = 500;

/** Three ways an item goes bad in "invalid-items" mode, every third item from the second on. */
function corruptPost(item: Record<string, unknown>, index: number): Record<string, unknown> {
  if (index % 3 !== 1) return item;
  const kind = Math.floor(index / 3) % 3;
  if (kind === 0) return { ...item, id: "abc" };
  if (kind === 1) {
    const { title: _title, ...rest } = item;
    return rest;
  }
  const target = "content" in item ? "content" : "excerpt" in item ? "excerpt" : "title";
  return { ...item, [target]: { ...(item[target] as object), rendered: 123 } };
}

function corruptTerm(item: Record<string, unknown>, index: number): Record<string, unknown> {
  if (index % 3 !== 1) return item;
  const kind = Math.floor(index / 3) % 3;
  if (kind === 0) return { ...item, id: "abc" };
  if (kind === 1) {
    const { name: _name, ...rest } = item;
    return rest;
  }
  return { ...item, count: "many" };
}

function listReply(
  ctx: Context,
  key: string,
  items: Record<string, unknown>[],
  headers: Record<string, string>,
  corrupt: (item: Record<string, unknown>, index: number) => Record<string, unknown>,
): Reply {
  const withAllow = { ...headers, Allow: "GET" };
  if (ctx.mode === "invalid-items") return { status: 200, body: items.map(corrupt), headers: withAllow };
  if (ctx.mode === "object") return { status: 200, body: { [key]: items }, headers: withAllow };
  return { status: 200, body: items, headers: withAllow };
}

function itemReply(ctx: Context, key: string, item: Record<string, unknown>): Reply {
  const headers = { Allow: "GET" };
  if (ctx.mode === "invalid-items") return { status: 200, body: { ...item, id: "abc" }, headers };
  if (ctx.mode === "object") return { status: 200, body: { [key]: item }, headers };
  return { status: 200, body: item, headers };
}

function searchable(post: WpPost): string {
  return decodeEntities(`${post.title.rendered}\n${post.content.rendered}\n${post.excerpt.rendered}`).toLowerCase();
}

function listPosts(ctx: Context): Reply {
  const { query } = ctx;
  const problems: Record<string, { code: string; message: string }> = {};
  const paging = readPaging(query, problems);
  const categories = readIds(query, "categories", problems);
  const tags = readIds(query, "tags", problems);
  const include = readIds(query, "include", problems);
  const order = query.get("order") ?? "desc";
  if (order !== "asc" && order !== "desc") {
    problems.order = { code: "rest_not_in_enum", message: "order is not one of asc and desc." };
  }
  const orderby = query.get("orderby") ?? "date";
  if (orderby !== "date" && orderby !== "title") {
    problems.orderby = { code: "rest_not_in_enum", message: "orderby is not one of date and title." };
  }
  if (Object.keys(problems).length) return invalidParams(problems);

  const slugs = listParam(query, "slug");
  const search = query.get("search")?.trim().toLowerCase();
  const fields = listParam(query, "_fields");

  let posts = ctx.mode === "empty" ? [] : ctx.mode === "hostile" ? ctx.posts.map(hostilePost) : [...ctx.posts];
  if (ctx.mode === "oversized-page") {
    // A broken or hostile remote: far more items than asked for, on every page.
    const items = archivePosts(OVERSIZED_PAGE).map((post) => pickFields(post, fields));
    return listReply(
      ctx,
      "posts",
      items,
      pagingHeaders(`${ctx.apiBase}/posts`, query, OVERSIZED_PAGE, paging),
      corruptPost,
    );
  }
  if (categories?.length) posts = posts.filter((post) => post.categories.some((id) => categories.includes(id)));
  if (tags?.length) posts = posts.filter((post) => post.tags.some((id) => tags.includes(id)));
  if (include?.length) posts = posts.filter((post) => include.includes(post.id));
  if (slugs?.length) posts = posts.filter((post) => slugs.includes(post.slug));
  if (search) posts = posts.filter((post) => searchable(post).includes(search));
  const key = (post: WpPost) => (orderby === "title" ? post.title.rendered : post.date);
  posts.sort((a, b) => (order === "asc" ? key(a).localeCompare(key(b)) : key(b).localeCompare(key(a))));

  const total = posts.length;
  const totalPages = Math.ceil(total / paging.perPage);
  if (paging.page > totalPages && total > 0) {
    return restError(
      400,
      "rest_post_invalid_page_number",
      "The page number requested is larger than the number of pages available.",
    );
  }
  const endpoint = `${ctx.apiBase}/posts`;
  const start = (paging.page - 1) * paging.perPage;
  const items = posts.slice(start, start + paging.perPage).map((post) => pickFields(post, fields));
  return listReply(ctx, "posts", items, pagingHeaders(endpoint, query, total, paging), corruptPost);
}

function listTerms(ctx: Context, taxonomy: "categories" | "tags"): Reply {
  const { query } = ctx;
  const problems: Record<string, { code: string; message: string }> = {};
  const paging = readPaging(query, problems);
  const include = readIds(query, "include", problems);
  if (Object.keys(problems).length) return invalidParams(problems);
  const slugs = listParam(query, "slug");
  const fields = listParam(query, "_fields");
  const hideEmpty = query.get("hide_empty") === "true" || query.get("hide_empty") === "1";

  let terms = ctx.mode === "empty" ? [] : [...(taxonomy === "categories" ? WP_CATEGORIES : WP_TAGS)];
  if (include?.length) terms = terms.filter((term) => include.includes(term.id));
  if (slugs?.length) terms = terms.filter((term) => slugs.includes(term.slug));
  if (hideEmpty) terms = terms.filter((term) => term.count > 0);
  terms.sort((a, b) => a.name.localeCompare(b.name));

  const endpoint = `${ctx.apiBase}/${taxonomy}`;
  const start = (paging.page - 1) * paging.perPage;
  const items = terms.slice(start, start + paging.perPage).map((term) => pickFields(term, fields));
  return listReply(ctx, taxonomy, items, pagingHeaders(endpoint, query, terms.length, paging), corruptTerm);
}

function route(ctx: Context, method: string, rest: string): Reply {
  if (method !== "GET" && method !== "HEAD") return noRoute();
  const fields = listParam(ctx.query, "_fields");
  const path = rest.replace(/\/+$/, "");
  if (path === "posts") return listPosts(ctx);
  if (path === "categories" || path === "tags") return listTerms(ctx, path);

  const single = /^(posts|categories|tags|media)\/(\d+)$/.exec(path);
  if (single) {
    const [, kind, idText] = single;
    const id = Number(idText);
    if (kind === "posts") {
      const post = ctx.mode === "empty" ? undefined : ctx.posts.find((p) => p.id === id);
      return post ? itemReply(ctx, "post", pickFields(post, fields)) : invalidPostId();
    }
    if (kind === "media") {
      const media = ctx.mode === "empty" || id !== 9 ? undefined : wpMedia(ctx.origin);
      return media ? itemReply(ctx, "media", pickFields(media, fields)) : invalidPostId();
    }
    const terms = kind === "categories" ? WP_CATEGORIES : WP_TAGS;
    const term = ctx.mode === "empty" ? undefined : terms.find((t) => t.id === id);
    return term
      ? itemReply(ctx, kind === "categories" ? "category" : "tag", pickFields(term, fields))
      : restError(404, "rest_term_invalid", "Term does not exist.");
  }
  if (path === "media") {
    const problems: Record<string, { code: string; message: string }> = {};
    const paging = readPaging(ctx.query, problems);
    const include = readIds(ctx.query, "include", problems);
    if (Object.keys(problems).length) return invalidParams(problems);
    const all = ctx.mode === "empty" ? [] : [wpMedia(ctx.origin)];
    const media = include?.length ? all.filter((m) => include.includes(m.id)) : all;
    const endpoint = `${ctx.apiBase}/media`;
    const start = (paging.page - 1) * paging.perPage;
    const items = media.slice(start, start + paging.perPage).map((m) => pickFields(m, fields));
    return listReply(ctx, "media", items, pagingHeaders(endpoint, ctx.query, media.length, paging), (item, i) =>
      i % 3 === 1 ? { ...item, id: "abc" } : item,
    );
  }
  return noRoute();
}

// ---------------------------------------------------------------------------
// The server.

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

const isMode = (value: string): value is WordPressMode => (WORDPRESS_MODES as readonly string[]).includes(value);

export function startWordPressServer(
  options: {
    port?: number;
    host?: string;
    mode?: WordPressMode;
    /** Older posts after the 24 (see archivePosts). */
    archivePosts?: number;
    /** Where "redirect" mode sends requests: another origin, or this server's own. */
    redirectTo?: string;
  } = {},
): Promise<WordPressServer> {
  const dataset: readonly WpPost[] = options.archivePosts
    ? [...WP_POSTS, ...archivePosts(options.archivePosts)]
    : WP_POSTS;
  const host = options.host ?? "127.0.0.1";
  let mode: WordPressMode = options.mode ?? "healthy";
  if (!isMode(mode)) return Promise.reject(new Error(`Unknown WordPress mode: ${mode}`));
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  let origin = "";

  async function control(req: IncomingMessage, res: ServerResponse) {
    if (req.method === "POST") {
      const wanted = (await readBody(req)).trim();
      if (!isMode(wanted)) {
        res.writeHead(400, { "Content-Type": "text/plain; charset=UTF-8" });
        res.end(`Unknown mode "${wanted}". Modes: ${WORDPRESS_MODES.join(", ")}\n`);
        return;
      }
      mode = wanted;
      res.writeHead(204);
      res.end();
      return;
    }
    if (req.method === "GET" || req.method === "HEAD") {
      res.writeHead(200, { "Content-Type": "text/plain; charset=UTF-8" });
      res.end(mode);
      return;
    }
    res.writeHead(405, { Allow: "GET, POST", "Content-Type": "text/plain; charset=UTF-8" });
    res.end("Method not allowed\n");
  }

  function upload(req: IncomingMessage, res: ServerResponse, path: string) {
    const match = /\.png$/i.test(path) ? /-(\d{1,4})x(\d{1,4})\.png$/i.exec(path) : null;
    if (!/\.png$/i.test(path) || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=UTF-8" });
      res.end("Not Found\n");
      return;
    }
    const width = Math.max(1, Math.min(2000, Number(match?.[1] ?? 1200)));
    const height = Math.max(1, Math.min(2000, Number(match?.[2] ?? 675)));
    const png = solidPng(width, height);
    res.writeHead(200, {
      "Content-Type": "image/png",
      "Content-Length": png.length,
      "Cache-Control": "max-age=31536000",
      "Access-Control-Allow-Origin": "*",
    });
    res.end(png);
  }

  /** A 200 JSON body of `size` filler bytes between head and tail, written as fast as the client reads. */
  function streamJson(res: ServerResponse, head: string, size: number, filler: string, tail: string) {
    res.writeHead(200, { "Content-Type": JSON_TYPE });
    res.write(head);
    const chunk = Buffer.alloc(64 * 1024, filler);
    let sent = 0;
    const pump = () => {
      while (!res.destroyed && sent < size) {
        const part = size - sent < chunk.length ? chunk.subarray(0, size - sent) : chunk;
        sent += part.length;
        if (!res.write(part)) {
          res.once("drain", pump);
          return;
        }
      }
      if (!res.destroyed) res.end(tail);
    };
    pump();
  }

  function api(req: IncomingMessage, res: ServerResponse, url: URL, redirected: boolean) {
    if (mode === "hang") return; // keep the socket open and never answer
    if (mode === "redirect" && !redirected) {
      res.writeHead(302, { Location: `${options.redirectTo ?? origin}/moved${url.pathname}${url.search}` });
      res.end();
      return;
    }
    if (mode === "huge-body") {
      const head = `[{"id":1,"date":"2024-10-19T21:48:00","slug":"huge","title":{"rendered":"Huge"},"featured_media":0,"excerpt":{"rendered":"`;
      return streamJson(res, head, 50 * 1024 * 1024, "a", '"}}]');
    }
    if (mode === "endless-body") return streamJson(res, "[", Number.POSITIVE_INFINITY, " ", "]");
    if (mode === "error500") return sendJson(req, res, { status: 500, body: INTERNAL_ERROR_BODY });
    if (mode === "html") {
      res.writeHead(200, {
        "Content-Type": "text/html; charset=UTF-8",
        "Content-Length": Buffer.byteLength(HTML_ERROR_PAGE),
      });
      res.end(HTML_ERROR_PAGE);
      return;
    }
    const wp = /^\/wp-json\/wp\/v2\/(.*)$/.exec(url.pathname);
    const wpcom = /^\/wpcom\/wp\/v2\/sites\/([^/]+)\/(.*)$/.exec(url.pathname);
    const apiBase = wp ? `${origin}/wp-json/wp/v2` : wpcom ? `${origin}/wpcom/wp/v2/sites/${wpcom[1]}` : "";
    const rest = wp?.[1] ?? wpcom?.[2];
    if (rest === undefined) return sendJson(req, res, noRoute());
    sendJson(
      req,
      res,
      route({ origin, apiBase, mode, query: url.searchParams, posts: dataset }, req.method ?? "GET", rest),
    );
  }

  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const url = new URL(req.url ?? "/", origin || "http://localhost");
    if (url.pathname === "/__control/mode") {
      control(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
      return;
    }
    if (url.pathname.startsWith("/wp-content/uploads/")) return upload(req, res, url.pathname);
    // The target of "redirect" mode: the same request under /moved/.
    const redirected = url.pathname.startsWith("/moved/");
    if (redirected) url.pathname = url.pathname.slice("/moved".length);
    api(req, res, url, redirected);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      const address = server.address() as AddressInfo;
      const hostPart = address.family === "IPv6" ? `[${address.address}]` : address.address;
      origin = `http://${hostPart}:${address.port}`;
      let closing: Promise<void> | undefined;
      resolve({
        origin,
        wpUrl: origin,
        wpcomApiBase: `${origin}/wpcom`,
        requests,
        setMode(next) {
          if (!isMode(next)) throw new Error(`Unknown WordPress mode: ${next}`);
          mode = next;
        },
        close() {
          closing ??= new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
            for (const socket of sockets) socket.destroy();
          });
          return closing;
        },
      });
    });
  });
}

// ---------------------------------------------------------------------------
// Run directly: node tests/support/wordpress-server.ts --port 3211

/** A --name value from the command line (Node's own parser). */
function argument(name: string): string | undefined {
  const { values } = parseArgs({ options: { [name]: { type: "string" } }, strict: false });
  const value = values[name];
  return typeof value === "string" ? value : undefined;
}

if (import.meta.main) {
  const port = Number(argument("port") ?? 3211);
  const host = argument("host") ?? "127.0.0.1";
  const mode = (argument("mode") ?? "healthy") as WordPressMode;
  const server = await startWordPressServer({ port, host, mode });
  console.log(`wordpress test server on ${server.origin}`);
  const stop = () => {
    server.close().then(() => process.exit(0));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
