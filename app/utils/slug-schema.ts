// The slug rule (slug.ts) as a zod schema, for forms, URL parameters and remote
// items. Apart from slug.ts so the reading pages' JavaScript carries no zod.
import { z } from "zod";
import { SLUG_PATTERN } from "./slug";

export const SlugSchema = z.string().regex(SLUG_PATTERN);
