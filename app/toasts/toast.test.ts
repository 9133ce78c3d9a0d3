import { describe, expect, it } from "vitest";
import { queueToast, type Toast, toastDuration } from "./toast";

const toast = (id: string): Toast => ({ id, title: id, variant: "default", duration: 5000 });

describe("queueToast", () => {
  it("shows at most 3, newest first", () => {
    let queue: Toast[] = [];
    for (const id of ["a", "b", "c", "d"]) queue = queueToast(queue, toast(id));
    expect(queue.map((t) => t.id)).toEqual(["d", "c", "b"]);
  });
  it("does not show the same toast twice", () => {
    expect(queueToast([toast("a")], toast("a")).map((t) => t.id)).toEqual(["a"]);
  });
  it("takes a toast away by its id, and leaves the others", () => {
    expect(queueToast([toast("a"), toast("b")], "a").map((t) => t.id)).toEqual(["b"]);
    expect(queueToast([toast("b")], "a").map((t) => t.id)).toEqual(["b"]);
  });
});

describe("toastDuration", () => {
  it("is the spec's 5000 ms, and 10 s for a toast with an action to find (Undo)", () => {
    expect(toastDuration({})).toBe(5000);
    expect(toastDuration({ action: { label: "Undo", action: "/bookmarks", fields: {} } })).toBe(10_000);
  });
});
