import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  BugActionSchema,
  csvCell,
  errorIdIn,
  FeedbackActionSchema,
  filterQuery,
  foldTicks,
  isStatusOf,
  normaliseStatus,
  readFilters,
  STATUSES,
  storedValuesFor,
  toCsv,
} from "./feedback-review";

/** The field errors of a submission that failed (none for one that passed). */
const errorsOf = (s: { status?: string } & object) =>
  "error" in s ? (s.error as Record<string, string[]> | null) : null;

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
};

describe("CSV cells (RFC 4180)", () => {
  it("quotes every text cell, writes numbers and dates as they are and null and undefined as empty", () => {
    expect(csvCell("plain text")).toBe('"plain text"');
    expect(csvCell("")).toBe('""');
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(new Date("2026-11-24T10:00:00Z"))).toBe("2026-11-24T10:00:00.000Z");
  });

  it("doubles the quotes of a cell, with commas, CR and LF kept inside the quotes", () => {
    expect(csvCell("a, b")).toBe('"a, b"');
    expect(csvCell('she said "run"')).toBe('"she said ""run"""');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
    expect(csvCell('"')).toBe('""""');
  });

  it("writes rows with CRLF line ends after a header row", () => {
    expect(
      toCsv(
        ["id", "text"],
        [
          ["1", "x,y"],
          ["2", null],
        ],
      ),
    ).toBe('"id","text"\r\n"1","x,y"\r\n"2",\r\n');
  });
});

describe("CSV cells (formula injection, OWASP)", () => {
  it.each([
    ["=1+1", '"\'=1+1"'],
    ["+SUM(A1)", '"\'+SUM(A1)"'],
    ["-2+3", '"\'-2+3"'],
    ["@cmd", '"\'@cmd"'],
    ["\tTAB", '"\'\tTAB"'],
    ["  =1+1", '"\'  =1+1"'],
    ["\uFF1D1+1", '"\'\uFF1D1+1"'],
  ])("%j becomes text: %j", (input, out) => {
    expect(csvCell(input)).toBe(out);
  });

  it("neutralises a formula that also needs quoting", () => {
    expect(csvCell('=HYPERLINK("http://evil.test","click")')).toBe('"\'=HYPERLINK(""http://evil.test"",""click"")"');
    expect(csvCell("\r=cmd")).toBe("\"'\r'=cmd\"");
  });

  it("neutralises a formula where a semicolon, tab or line break could start a cell (issue 39)", () => {
    // German Excel splits on ";" and does not honour the quotes of a row split that way.
    expect(csvCell("Nice site ;=cmd|' /C calc'!A0")).toBe("\"Nice site ;'=cmd|' /C calc'!A0\"");
    expect(csvCell("a; +1")).toBe('"a;\' +1"');
    expect(csvCell("a\t@x")).toBe('"a\t\'@x"');
    expect(csvCell("one\r\n-two")).toBe('"one\r\n\'-two"');
  });

  it("leaves a formula character that cannot start a cell alone", () => {
    expect(csvCell("a=b")).toBe('"a=b"');
    expect(csvCell("1-2")).toBe('"1-2"');
    expect(csvCell("a, =b")).toBe('"a, =b"');
    expect(csvCell("a; b")).toBe('"a; b"');
  });
});

describe("status rules", () => {
  it("gives each kind its own statuses, the issue's for feedback and claims", () => {
    expect(STATUSES.feedback).toEqual(["new", "in-review", "done", "wont-do"]);
    expect(STATUSES.claim).toEqual(["received", "content-removed", "rejected"]);
    expect(isStatusOf("feedback", "done")).toBe(true);
    expect(isStatusOf("feedback", "resolved")).toBe(false);
    expect(isStatusOf("claim", "new")).toBe(false);
    expect(isStatusOf("bug", "confirmed")).toBe(true);
  });

  it("reads the old values as the new ones", () => {
    expect(normaliseStatus("feedback", "reviewed")).toBe("in-review");
    expect(normaliseStatus("feedback", "resolved")).toBe("done");
    expect(normaliseStatus("feedback", "new")).toBe("new");
    expect(normaliseStatus("claim", "new")).toBe("received");
    expect(normaliseStatus("claim", "reviewing")).toBe("received");
    expect(normaliseStatus("claim", "upheld")).toBe("content-removed");
    expect(normaliseStatus("contact", "answered")).toBe("answered");
  });

  it("filters on the new value and the old ones it replaced", () => {
    expect(storedValuesFor("feedback", "done")).toEqual(["done", "resolved"]);
    expect(storedValuesFor("claim", "received").sort()).toEqual(["new", "received", "reviewing"]);
    expect(storedValuesFor("bug", "fixed")).toEqual(["fixed"]);
  });

  it("refuses a status that is not the kind's, on write", () => {
    const wrong = parseWithZod(
      form([
        ["intent", "status"],
        ["kind", "claim"],
        ["id", "c1"],
        ["status", "done"],
      ]),
      { schema: FeedbackActionSchema },
    );
    expect(wrong.status).toBe("error");
    expect(errorsOf(wrong)?.status).toEqual(["Choose one of the listed statuses."]);
    const old = parseWithZod(
      form([
        ["intent", "status"],
        ["kind", "feedback"],
        ["id", "f1"],
        ["status", "resolved"],
      ]),
      { schema: FeedbackActionSchema },
    );
    expect(old.status).toBe("error");
    const right = parseWithZod(
      form([
        ["intent", "status"],
        ["kind", "claim"],
        ["id", "c1"],
        ["status", "content-removed"],
      ]),
      { schema: FeedbackActionSchema },
    );
    expect(right.status === "success" && right.value).toEqual({
      intent: "status",
      kind: "claim",
      id: "c1",
      status: "content-removed",
    });
  });

  it("reads one ticked box as a list, and refuses none", () => {
    const one = parseWithZod(
      form([
        ["intent", "bulk-status"],
        ["kind", "feedback"],
        ["id", "f1"],
        ["status", "done"],
      ]),
      { schema: FeedbackActionSchema },
    );
    expect(one.status === "success" && one.value).toMatchObject({ id: ["f1"] });
    const none = parseWithZod(
      form([
        ["intent", "bulk-status"],
        ["kind", "feedback"],
        ["status", "done"],
      ]),
      { schema: FeedbackActionSchema },
    );
    expect(none.status).toBe("error");
    expect(errorsOf(none)?.id).toEqual(["Tick at least one item."]);
  });

  it("refuses an empty note and a bad error group key", () => {
    const note = parseWithZod(
      form([
        ["intent", "note"],
        ["kind", "feedback"],
        ["id", "f1"],
        ["text", "   "],
      ]),
      { schema: FeedbackActionSchema },
    );
    expect(errorsOf(note)?.text).toEqual(["Write the note first."]);
    const group = parseWithZod(
      form([
        ["intent", "error-status"],
        ["id", "not-a-key"],
        ["status", "fixed"],
      ]),
      { schema: BugActionSchema },
    );
    expect(group.status).toBe("error");
  });
});

describe("filters", () => {
  it("reads the query string, ignoring what is not a choice", () => {
    expect(readFilters(new URLSearchParams("type=bug&category=ui&status=done&page=2"))).toEqual({
      kind: "feedback",
      type: "bug",
      category: "ui",
      status: "done",
      q: null,
      shortened: false,
      sort: "newest",
      page: 2,
    });
    expect(readFilters(new URLSearchParams("kind=claim&type=bug&status=done&page=-1&sort=oldest"))).toEqual({
      kind: "claim",
      type: null,
      category: null,
      status: null,
      q: null,
      shortened: false,
      sort: "oldest",
      page: 1,
    });
    expect(readFilters(new URLSearchParams("sort=sideways")).sort).toBe("newest");
    expect(filterQuery({ kind: "bug", sort: "oldest", page: 2 })).toBe("?kind=bug&sort=oldest&page=2");
  });

  it("opens the review queue on new items, and shows all with status=all", () => {
    expect(readFilters(new URLSearchParams(""), true).status).toBe("new");
    expect(readFilters(new URLSearchParams(""), false).status).toBeNull();
    expect(readFilters(new URLSearchParams("status=all"), true).status).toBeNull();
    expect(readFilters(new URLSearchParams("kind=claim"), true).status).toBe("received");
  });

  it("reads status=open as every status that still waits for work, old values included", () => {
    expect(readFilters(new URLSearchParams("kind=bug&status=open")).status).toBe("open");
    expect(storedValuesFor("bug", "open")).toEqual(["new", "confirmed"]);
    expect(storedValuesFor("feedback", "open")).toEqual(["new", "in-review", "reviewed"]);
    expect(storedValuesFor("claim", "open")).toEqual(["received", "new", "reviewing"]);
  });

  it("writes the query string back", () => {
    expect(filterQuery({ kind: "feedback", type: "bug", status: "new", page: 1 })).toBe("?type=bug&status=new");
    expect(filterQuery({ kind: "claim" })).toBe("?kind=claim");
  });

  it("finds the error id an error screen's report carries", () => {
    expect(errorIdIn("Error Report - ID: err_123_abc")).toBe("err_123_abc");
    expect(errorIdIn("no id here")).toBeNull();
  });
});

describe("the bulk form and data requests", () => {
  it("reads ticks named id[n], with gaps, as one list", () => {
    const folded = foldTicks(
      form([
        ["intent", "bulk-status"],
        ["kind", "feedback"],
        ["id[0]", "f1"],
        ["id[3]", "f4"],
        ["status", "done"],
      ]),
    );
    const parsed = parseWithZod(folded, { schema: FeedbackActionSchema });
    expect(parsed.status === "success" && parsed.value).toEqual({
      intent: "bulk-status",
      kind: "feedback",
      id: ["f1", "f4"],
      status: "done",
    });
  });
});
