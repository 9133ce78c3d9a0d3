// SQL fragments that raw queries across the site share: one copy of each rule.

/**
 * A date column as a Julian day number. Prisma's SQLite adapter writes dates as ISO text, and
 * rows written by other tools may hold epoch milliseconds (integer or real): both read the same.
 * `column` is SQL the caller writes (a quoted column name), never user input.
 */
export const julian = (column: string) =>
  `(CASE typeof(${column}) WHEN 'integer' THEN ${column} / 86400000.0 + 2440587.5 WHEN 'real' THEN ${column} / 86400000.0 + 2440587.5 ELSE julianday(${column}) END)`;
