// The dataset's seeds: the terms and the 24 posts of the recorded WordPress 6.1 responses the
// server copies; dataset.ts builds the REST items from them.
import { blocks } from "./text.ts";

export type TermSeed = { id: number; name: string; slug: string };

export const CATEGORY_SEEDS: TermSeed[] = [
  { id: 1, name: "Uncategorized", slug: "uncategorized" },
  { id: 2, name: "Gothic", slug: "gothic" },
  { id: 3, name: "Psychological", slug: "psychological" },
  { id: 4, name: "Folk Horror", slug: "folk-horror" },
];

export const TAG_SEEDS: TermSeed[] = [
  { id: 5, name: "Haunting", slug: "haunting" },
  { id: 6, name: "Winter", slug: "winter" },
  { id: 7, name: "The Sea", slug: "the-sea" },
  { id: 8, name: "Letters", slug: "letters" },
  { id: 9, name: "Isolation", slug: "isolation" },
  { id: 10, name: "Mirrors", slug: "mirrors" },
];

export type PostSeed = {
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
export const POST_SEEDS: PostSeed[] = [
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
