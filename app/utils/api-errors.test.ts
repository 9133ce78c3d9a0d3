import { describe, expect, it } from "vitest";
import { z } from "zod";
import { RegisterSchema } from "~/auth/validation";
import { errorCodeForStatus, issueMessage, messageFromBody, methodNotAllowed, readJsonBody } from "./api-errors";

describe("errorCodeForStatus (spec §8)", () => {
  it.each([
    [401, "UNAUTHORIZED"],
    [403, "FORBIDDEN"],
    [404, "NOT_FOUND"],
    [400, "VALIDATION_ERROR"],
    [422, "VALIDATION_ERROR"],
    [500, "SERVER_ERROR"],
    [503, "SERVER_ERROR"],
    [409, "CLIENT_ERROR"],
    [429, "CLIENT_ERROR"],
  ] as const)("%i -> %s", (status, code) => {
    expect(errorCodeForStatus(status)).toBe(code);
  });
});

describe("messageFromBody", () => {
  it("prefers error, then message, then HTTP Error {status}", () => {
    expect(messageFromBody({ error: "E", message: "M" }, 400)).toBe("E");
    expect(messageFromBody({ message: "M" }, 400)).toBe("M");
    expect(messageFromBody("text", 502)).toBe("HTTP Error 502");
  });
});

describe("methodNotAllowed", () => {
  it("answers 405 in the API's shape, naming the methods to use, with Allow", async () => {
    const getOnly = methodNotAllowed(["GET", "HEAD"]);
    expect(getOnly.status).toBe(405);
    expect(getOnly.headers.get("Allow")).toBe("GET, HEAD");
    expect(await getOnly.json()).toEqual({ message: "Use GET.", code: "CLIENT_ERROR" });
    expect((await methodNotAllowed(["POST"]).json()).message).toBe("Use POST.");
    expect((await methodNotAllowed(["POST", "PUT"]).json()).message).toBe("Use POST or PUT.");
    const library = methodNotAllowed(["GET", "HEAD", "POST", "PUT", "DELETE"]);
    expect(library.headers.get("Allow")).toBe("GET, HEAD, POST, PUT, DELETE");
    expect((await library.json()).message).toBe("Use GET, POST, PUT or DELETE.");
  });
});

describe("issueMessage", () => {
  // Audit b, defect 6: registration's "Use 3 to 30 characters." did not say which field.
  it("names the refused field, as every route of the JSON API answers", () => {
    const short = RegisterSchema.safeParse({ email: "a@b.co", username: "r1", password: "long-enough" });
    expect(issueMessage(short.error as z.ZodError, "x")).toBe("username: Use 3 to 30 characters.");
    const weak = RegisterSchema.safeParse({ email: "a@b.co", username: "reader", password: "short" });
    expect(issueMessage(weak.error as z.ZodError, "x")).toBe("password: Use at least 8 characters.");
    const nested = z.object({ metrics: z.object({ firstByte: z.number() }) }).safeParse({ metrics: {} });
    expect(issueMessage(nested.error as z.ZodError, "x")).toMatch(/^metrics\.firstByte: /);
    expect(issueMessage(z.object({}).safeParse([]).error as z.ZodError, "x")).toMatch(/^body: /);
  });

  it("keeps a field's message bare when asked (a text the spec gives word for word)", () => {
    const schema = z.object({ content: z.string().min(5, "Please provide more details about your feedback") });
    const refused = schema.safeParse({ content: "meh" }).error as z.ZodError;
    expect(issueMessage(refused, "x", ["content"])).toBe("Please provide more details about your feedback");
  });
});

describe("readJsonBody", () => {
  const post = (body: string, headers: Record<string, string>) =>
    new Request("http://horror.test/api/feedback", { method: "POST", body, headers });
  const refusal = (request: Request): Promise<Response> =>
    readJsonBody(request).then(
      () => {
        throw new Error("the body was taken");
      },
      (answer: Response) => answer,
    );

  it("answers a form, or any body that is not JSON, 415", async () => {
    for (const type of ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/plain"]) {
      const answer = await refusal(post("content=hello+there", { "Content-Type": type }));
      expect(answer.status, type).toBe(415);
      expect((await answer.json()).message).toBe("Send JSON (Content-Type: application/json).");
    }
  });

  // Audit b: a gzip body was "not valid JSON" (400); the site reads bodies as they are sent.
  it("answers a compressed body 415, with the codings it takes", async () => {
    const answer = await refusal(post("xxxx", { "Content-Type": "application/json", "Content-Encoding": "gzip" }));
    expect(answer.status).toBe(415);
    expect(answer.headers.get("Accept-Encoding")).toBe("identity");
    expect((await answer.json()).message).toBe("Send the body uncompressed, without Content-Encoding.");
    expect(
      await readJsonBody(post("{}", { "Content-Type": "application/json", "Content-Encoding": "identity" })),
    ).toEqual({});
  });
});
