import { describe, expect, it } from "vitest";
import { HIDDEN_FIELD_ERROR, replyToFailure } from "./forms";

const failed = (error: Record<string, string[] | null>) => ({
  error,
  reply: (options?: { formErrors?: string[]; hideFields?: string[] }) => options ?? {},
});

describe("replyToFailure", () => {
  it("adds a form error a person can read when a hidden field failed", () => {
    expect(replyToFailure(failed({ page: ["Too long"] }), ["page"], { hideFields: ["password"] })).toEqual({
      hideFields: ["password"],
      formErrors: [HIDDEN_FIELD_ERROR],
    });
  });
  it("leaves errors on visible fields as they are", () => {
    expect(replyToFailure(failed({ content: ["Too short"], page: null }), ["page"])).toEqual({});
  });
});
