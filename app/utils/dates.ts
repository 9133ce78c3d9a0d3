// The site's dates are English and UTC ("September 30, 2024"). Written from a table rather than
// with Intl: the first Intl date formatter of a page loads ICU's locale and time-zone data, about
// 14 ms of a hydrating list on Lighthouse's simulated phone, to repeat what the server wrote
// (dates.test.ts holds the two equal).
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** A date as the site writes it, e.g. "September 30, 2024" (UTC). */
export function formatDate(value: Date | string) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "Invalid Date";
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** A moment as the site writes it, to the minute, e.g. "September 30, 2024, 23:30 UTC". */
export function formatDateTime(value: Date | string) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "Invalid Date";
  const two = (n: number) => String(n).padStart(2, "0");
  return `${formatDate(date)}, ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} UTC`;
}
