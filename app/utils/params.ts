import { z } from "zod";
import { invariantResponse } from "./http";

const PageSchema = z.coerce.number().int().min(1).max(100_000);

/** ?page=N as a positive whole number (default 1); anything else is a 400 with a clear message. */
export function pageParam(url: URL): number {
  const raw = url.searchParams.get("page");
  if (raw === null || raw === "") return 1;
  const result = PageSchema.safeParse(raw);
  invariantResponse(result.success, "The page number must be a whole number from 1 to 100000.");
  return result.data;
}
