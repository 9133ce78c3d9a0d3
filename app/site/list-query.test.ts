import { describe, expect, it } from "vitest";
import {
  LIST_SEARCH_MAX,
  listHref,
  pageCount,
  pageOf,
  pageUrl,
  readListQuery,
  readPage,
  settlePages,
} from "./list-query";
import { matchesWords } from "./search-text";

const SORTS = [
  { value: "oldest", label: "Oldest first" },
  { value: "newest", label: "Newest first" },
] as const;

const req = (path: string) => new Request(`http://site.test${path}`);
const LIST = req("/admin/x");

/** The redirect a call threw, as status and Location. */
function redirectOf(call: () => unknown) {
  try {
    call();
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    throw thrown;
  }
  throw new Error("no redirect");
}

describe("list queries", () => {
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

  it("cuts one page out of a list", () => {
    const items = Array.from({ length: 23 }, (_, i) => i + 1);
    expect(pageOf(LIST, items, 2, 10)).toEqual({
      items: [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
      page: 2,
      pages: 3,
      total: 23,
    });
    expect(pageOf(LIST, [], 1, 10)).toEqual({ items: [], page: 1, pages: 1, total: 0 });
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(51, 25)).toBe(3);
  });

  it.each(["abc", "-1", "0", "1.5", "", " 2", "0x10", "1e3", "100001", "99999999999999999999"])(
    "reads the malformed page %j as page 1",
    (raw) => {
      expect(readPage(raw)).toBe(1);
      expect(readListQuery(new URLSearchParams({ page: raw }), SORTS).page).toBe(1);
    },
  );

  it("answers a page past the last with a redirect to the last page, keeping the other parameters", () => {
    const past = redirectOf(() => settlePages(req("/stories?category=folk&page=9&tag=bone"), { page: 9, pages: 3 }));
    expect(past).toEqual({ status: 302, location: "/stories?category=folk&page=3&tag=bone" });
    // A client-side data request redirects to the page, not to its .data twin.
    const data = req("/admin/users.data?q=ann&page=4&_routes=routes%2Fadmin%2Fusers");
    expect(redirectOf(() => settlePages(data, { page: 4, total: 30, size: 25 }))).toEqual({
      status: 302,
      location: "/admin/users?q=ann&page=2",
    });
    // An empty list, or one of one page, has page 1, which its links leave out.
    expect(redirectOf(() => settlePages(req("/bookmarks?page=2&sort=title"), { page: 2, total: 0, size: 20 }))).toEqual(
      { status: 302, location: "/bookmarks?sort=title" },
    );
    // A second list on the page names its own parameter and keeps the first list's.
    const two = req("/admin/themes?cpage=2&tpage=7");
    expect(redirectOf(() => settlePages(two, { page: 7, total: 26, size: 25, param: "tpage" }))).toEqual({
      status: 302,
      location: "/admin/themes?cpage=2&tpage=2",
    });
    expect(redirectOf(() => pageOf(req("/admin/x?page=5"), [1, 2, 3], 5, 2))).toEqual({
      status: 302,
      location: "/admin/x?page=2",
    });
  });

  it("lets a page within the list through", () => {
    expect(settlePages(req("/stories?page=3"), { page: 3, pages: 3 })).toEqual({ page: 3, pages: 3 });
    expect(settlePages(req("/stories"), { page: 1, pages: 0 })).toEqual({ page: 1, pages: 1 });
    expect(settlePages(req("/stories"), { page: 1, total: 0, size: 10 })).toEqual({ page: 1, pages: 1 });
  });

  it("matches a search in any field, ignoring case", () => {
    expect(matchesWords("", null)).toBe(true);
    expect(matchesWords("WELL", "The well", null)).toBe(true);
    expect(matchesWords("ferry", "The well", undefined, "keeper")).toBe(false);
    expect(matchesWords("keeper well", "The well", undefined, "keeper")).toBe(true);
  });

  it("takes a client-side data request as its page", () => {
    expect(
      pageUrl(new Request("http://h.test/admin/feedback-review.data?status=new&_routes=admin-feedback-review")),
    ).toEqual({
      pathname: "/admin/feedback-review",
      search: "?status=new",
    });
    expect(pageUrl(new Request("http://h.test/admin/feedback?type=bug"))).toEqual({
      pathname: "/admin/feedback",
      search: "?type=bug",
    });
    expect(pageUrl(new Request("http://h.test/_root.data?page=2&index"))).toEqual({ pathname: "/", search: "?page=2" });
  });
});
