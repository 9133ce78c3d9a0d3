// sharp, loaded by the first image the server decodes rather than when it
// starts: libvips and its threads cost about 23 MB resident (decision 030), and
// a server whose renditions and previews are all in the disk cache never needs
// them. Loaded outside the callers' error handling, so a broken install fails
// loudly instead of passing for an unreadable image.
type Sharp = typeof import("sharp").default;

let loading: Promise<Sharp> | undefined;

export function loadSharp(): Promise<Sharp> {
  loading ??= import("sharp").then((module) => module.default);
  return loading;
}
