// Slow-connection hints (Save-Data, ECT): the server picks small images so it
// works without JavaScript. Browsers send ECT only after Accept-CH asks for it.
export const CLIENT_HINT_HEADERS = { "Accept-CH": "Save-Data, ECT", Vary: "Save-Data, ECT" } as const;

export function prefersLowData(request: Request): boolean {
  if (request.headers.get("Save-Data")?.toLowerCase() === "on") return true;
  const ect = request.headers.get("ECT")?.toLowerCase();
  return ect === "slow-2g" || ect === "2g";
}
