import { describe, expect, it } from "vitest";
import { DESCRIPTION_MAX, pageMeta } from "./meta";

const contentOf = (meta: ReturnType<typeof pageMeta>, key: string) =>
  meta.find((m) => (m as Record<string, string>).name === key || (m as Record<string, string>).property === key) as
    | { content: string }
    | undefined;

describe("page meta", () => {
  it("keeps a description to what search results show, the same in Open Graph", () => {
    const long = `${"A café on the quay sells tickets for the last ferry. ".repeat(8)}[…]`;
    const meta = pageMeta({ title: "Last Ferry", description: long, origin: "https://stories.test", path: "/story/x" });
    const description = contentOf(meta, "description")?.content ?? "";
    expect(description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(description.endsWith("…")).toBe(true);
    expect(long.startsWith(description.slice(0, -1))).toBe(true);
    expect(contentOf(meta, "og:description")?.content).toBe(description);
  });
});
