import { describe, expect, it } from "vitest";
import { LIST_SEARCH_MAX, listHref, pageOf, pageWithin, readListQuery } from "./list-query";
import { matchesWords } from "./search-text";

const SORTS = [
  { value: "oldest", label: "Oldest first" },
  { value: "newest", label: "Newest first" },
] as const;

describe("admin list queries", () => {
  it("reads search, sort and page, falling back to the defaults for anything malformed", () => {
    expect(readListQuery(new URLSearchParams("q=%20well%20&sort=newest&page=3"), SORTS)).toEqual({
      q: "well",
      shortened: false,
      sort: "newest",
      page: 3,
    });
    expect(readListQuery(new URLSearchParams("sort=sideways&page=-2"), SORTS)).toEqual({
      q: "",
      shortened: false,
      sort: "oldest",
      page: 1,
    });
  });

  it("cuts a search longer than the search box's limit to it, and says so, never dropping it", () => {
    expect(readListQuery(new URLSearchParams(`q=${"x".repeat(500)}&page=abc`), SORTS)).toEqual({
      q: "x".repeat(LIST_SEARCH_MAX),
      shortened: true,
      sort: "oldest",
      page: 1,
    });
    expect(readListQuery(new URLSearchParams(`q=${"x".repeat(LIST_SEARCH_MAX)}`), SORTS).shortened).toBe(false);
    expect(readListQuery(new URLSearchParams("q=a%00%20%20b"), SORTS).q).toBe("a b");
  });

  it("reads a second list's parameters under its prefix and leaves the first list's alone", () => {
    const params = new URLSearchParams("q=first&page=2&rq=second&rsort=newest&rpage=4");
    expect(readListQuery(params, SORTS, "r")).toEqual({ q: "second", shortened: false, sort: "newest", page: 4 });
    expect(readListQuery(params, SORTS)).toEqual({ q: "first", shortened: false, sort: "oldest", page: 2 });
  });

  it("builds links that keep the page's other parameters and go back to page 1 on a change", () => {
    const current = new URLSearchParams("status=new&rq=spam&rpage=3&page=2");
    expect(listHref("/admin/x", current, { rsort: "newest" }, "rpage")).toBe(
      "/admin/x?status=new&rq=spam&page=2&rsort=newest",
    );
    expect(listHref("/admin/x", current, { rpage: 4 }, "rpage")).toBe("/admin/x?status=new&rq=spam&rpage=4&page=2");
    expect(listHref("/admin/x", current, { page: 1 })).toBe("/admin/x?status=new&rq=spam&rpage=3");
    expect(listHref("/admin/x", new URLSearchParams("sort=newest"), { sort: null })).toBe("/admin/x");
  });

  it("cuts one page out of a list and shows the last page for a page past the end", () => {
    const items = Array.from({ length: 23 }, (_, i) => i + 1);
    expect(pageOf(items, 2, 10)).toEqual({
      items: [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
      page: 2,
      pages: 3,
      total: 23,
    });
    expect(pageOf(items, 99, 10)).toMatchObject({ items: [21, 22, 23], page: 3 });
    expect(pageOf([], 5, 10)).toEqual({ items: [], page: 1, pages: 1, total: 0 });
    expect(pageWithin(8, 99, 25)).toEqual({ page: 1, pages: 1 });
  });

  it("matches a search in any field, ignoring case", () => {
    expect(matchesWords("", null)).toBe(true);
    expect(matchesWords("WELL", "The well", null)).toBe(true);
    expect(matchesWords("ferry", "The well", undefined, "keeper")).toBe(false);
    expect(matchesWords("keeper well", "The well", undefined, "keeper")).toBe(true);
  });
});
