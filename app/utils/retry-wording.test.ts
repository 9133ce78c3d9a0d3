import { describe, expect, it } from "vitest";
import { tooManyAttempts, waitWording } from "./retry-wording";

describe("waitWording", () => {
  it("says whole minutes, rounded up, and hours from an hour on", () => {
    expect(waitWording(1)).toBe("1 minute");
    expect(waitWording(60)).toBe("1 minute");
    expect(waitWording(61)).toBe("2 minutes");
    expect(waitWording(14 * 60 - 5)).toBe("14 minutes");
    expect(waitWording(3540)).toBe("59 minutes");
    expect(waitWording(3600)).toBe("1 hour");
    expect(waitWording(3601)).toBe("2 hours");
  });
  it("words the refusal of an attempt", () => {
    expect(tooManyAttempts(900)).toBe("Too many attempts. Try again in 15 minutes.");
  });
});
