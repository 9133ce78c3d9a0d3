// When two category or tag names are the same name: one rule for the admin's taxonomy
// (app/admin/taxonomy.server.ts) and for the tags a writer proposes (app/stories/moderation.server.ts).

/** Readers cannot tell "Gothic" from " gothic " on a filter button. */
export const sameTermName = (a: string, b: string) =>
  a.trim().normalize("NFC").toLocaleLowerCase("en") === b.trim().normalize("NFC").toLocaleLowerCase("en");
