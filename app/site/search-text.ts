// One rule for what a search box's text means, for every search of the site: /search and
// the story lists (through the content chain), and the admin lists, in the database
// (sql.server.ts, wordsWhere) or in memory (list-query.ts, matchesSearch). A search is
// its words: a story or row matches when each word is somewhere in it, in any order, as
// WordPress's own search does for the remote sources (?search= splits on spaces too).

/** Control characters (a NUL byte, a tab from a paste) are no part of a search: they become spaces. */
const CONTROL = /\p{Cc}/gu;

/** The text as searched for and shown: control characters out, runs of white space as one space, trimmed. */
export function cleanSearchText(raw: string | null | undefined): string {
  return (raw ?? "").replace(CONTROL, " ").replace(/\s+/gu, " ").trim();
}

/** The words of a search text, each once (without regard to case). */
export function searchWords(text: string | null | undefined): string[] {
  const seen = new Set<string>();
  return cleanSearchText(text)
    .split(" ")
    .filter((word) => {
      const key = word.toLocaleLowerCase();
      if (!word || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * The spellings a word matches: titles and texts use the typographic apostrophe (’) where a
 * keyboard types the straight one ('), so a word with either finds both.
 */
export function wordForms(word: string): string[] {
  if (!/['’]/u.test(word)) return [word];
  return [...new Set([word.replace(/['’]/gu, "’"), word.replace(/['’]/gu, "'")])];
}

/** Is each word of the search in one of the fields (case-insensitive, literally)? No words match all. */
export function matchesWords(text: string | null | undefined, ...fields: (string | null | undefined)[]): boolean {
  const haystacks = fields.filter((f): f is string => !!f).map((f) => f.toLocaleLowerCase());
  return searchWords(text).every((word) =>
    wordForms(word.toLocaleLowerCase()).some((form) => haystacks.some((h) => h.includes(form))),
  );
}
