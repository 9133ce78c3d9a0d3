import { z } from "zod";
import { invariantResponse } from "./http";
import { SlugSchema } from "./slug-schema";

/** The highest page number a list takes (a guard against absurd offsets, not a content limit). */
export const MAX_PAGE_NUMBER = 100_000;

/** Decimal digits only: "0x10", "1e3" and " 2" are not page numbers, even if Number() reads them. */
export const PageNumberSchema = z
  .string()
  .regex(/^\d{1,6}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_PAGE_NUMBER));

/** What an API answers, with a 400, to a ?page= that is not a page number. */
export const PAGE_NUMBER_MESSAGE = `The page number must be a whole number from 1 to ${MAX_PAGE_NUMBER}.`;

/** ?page=N as a positive whole number (default 1), or null when it is not one. */
export function readPageNumber(url: URL): number | null {
  const raw = url.searchParams.get("page");
  if (raw === null || raw === "") return 1;
  const result = PageNumberSchema.safeParse(raw);
  return result.success ? result.data : null;
}

/** ?page=N as a positive whole number (default 1); anything else is a 400 with a clear message. */
export function pageParam(url: URL): number {
  const page = readPageNumber(url);
  invariantResponse(page !== null, PAGE_NUMBER_MESSAGE);
  return page;
}

/** A category or tag slug from the query (lower-case letters, digits and dashes), or undefined. */
export function slugParam(url: URL, name: string): string | undefined {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === "") return undefined;
  invariantResponse(SlugSchema.safeParse(raw).success, `The ${name} must be a slug such as "folk-horror".`);
  return raw;
}
