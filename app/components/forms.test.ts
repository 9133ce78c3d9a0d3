import { describe, expect, it } from "vitest";
import { z } from "zod";
import { schemaConstraint } from "./forms";

describe("schemaConstraint", () => {
  it("gives each text field its schema's maximum, through optional, default and a pipe", () => {
    const schema = z.object({
      title: z.string().trim().min(1).max(120),
      note: z.string().max(500).optional(),
      tags: z.string().max(40).default(""),
      email: z.string().trim().max(254).pipe(z.email()),
      count: z.coerce.number().max(10),
      plain: z.string(),
    });
    expect(schemaConstraint(schema)).toEqual({
      title: { required: true, maxLength: 120 },
      note: { required: false, maxLength: 500 },
      tags: expect.objectContaining({ maxLength: 40 }),
      email: { required: true, maxLength: 254 },
      count: expect.not.objectContaining({ maxLength: expect.anything() }),
      plain: { required: true },
    });
  });
});
