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

/**
 * The marks a search leaves out: the accents of Latin, Greek and Cyrillic letters (U+0300-U+036F,
 * what NFKD splits from "é" or "ё"), Hebrew's points and Arabic's vowel signs, which most texts
 * and most readers' keyboards leave out. Other marks (the voicing of Japanese kana, Hangul's parts,
 * Indic vowel signs) are part of the letter and stay.
 */
const FOLDED_MARKS = /[\u0300-\u036f\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u064b-\u065f\u0670]/gu;
/** Letters with no accent to take off that a reader types as two: "strasse" finds "Straße". */
const SPELLED_OUT: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};
// A literal, not built from the keys: a module-level call is kept in every chunk that imports this
// module (the header's search box), used or not.
const SPELLED_OUT_LETTERS = /[ßæœøłđðþı]/gu;

/**
 * A text as a search compares it (the stored search text of a story, and the words searched for):
 * lower case, accents off ("Noël" and "NOEL" are "noel"), compatibility forms as their letters
 * (the ligature "ﬁ" is "fi", full-width "Ａ" is "a"), and either apostrophe as the straight one.
 * NFKC puts back together what the marks it kept belong to (a Hangul syllable, a voiced kana).
 */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(FOLDED_MARKS, "")
    .replace(SPELLED_OUT_LETTERS, (letter) => SPELLED_OUT[letter] ?? letter)
    .replace(/[’‘]/gu, "'")
    .normalize("NFKC");
}

/** Is each word of the search in one of the fields (without regard to case or accents, literally)? No words match all. */
export function matchesWords(text: string | null | undefined, ...fields: (string | null | undefined)[]): boolean {
  const haystacks = fields.filter((f): f is string => !!f).map(foldForSearch);
  return searchWords(text).every((word) => haystacks.some((h) => h.includes(foldForSearch(word))));
}
