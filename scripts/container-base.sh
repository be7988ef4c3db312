#!/usr/bin/env bash
# Makes a local stand-in for docker.io/library/node:20-bookworm-slim, for machines that reach
# Debian's mirrors and the npm registry but no container registry: a minimal Debian bookworm
# (debootstrap) with this machine's Node 20, its headers and npm copied into /usr/local, as the
# official image has them, imported into podman. The Containerfile then builds with
#   --build-arg BASE_IMAGE=localhost/pigeonhole-base:node20-bookworm
# Two things of this machine go with it, as environment of the image: the extra CA bundle named
# by NODE_EXTRA_CA_CERTS (a TLS-intercepting egress proxy's), so npm inside trusts what npm
# outside trusts, and npm_config_nodedir, so node-gyp compiles better-sqlite3 against the copied
# headers instead of downloading them from nodejs.org.
# Needs root, podman and debootstrap. Usage: scripts/container-base.sh [image name]
# (scripts/container-smoke.sh runs it with the podman configuration a sandboxed machine needs;
# run alone there, its last step, a container that prints Node's version, fails as that script says.)
set -euo pipefail
image="${1:-localhost/pigeonhole-base:node20-bookworm}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

if podman image exists "$image"; then echo "== $image already exists"; exit 0; fi

node_bin=$(readlink -f "$(command -v node)")
npm_dir=$(readlink -f "$(dirname "$(readlink -f "$(command -v npm)")")/..")
case "$(node --version)" in v20.*) ;; *) echo "Node 20 is needed on this machine (found $(node --version))" >&2; exit 1 ;; esac
[ -f "$npm_dir/package.json" ] || { echo "npm's directory not found (looked at $npm_dir)" >&2; exit 1; }
headers=$(readlink -f "$(dirname "$node_bin")/../include/node")
[ -f "$headers/node.h" ] || { echo "Node's headers not found (looked at $headers)" >&2; exit 1; }

rootfs=$(mktemp -d /var/tmp/pigeonhole-base.XXXXXX)
trap 'rm -rf "$rootfs"' EXIT
echo "== debootstrap bookworm (minbase) from $mirror"
debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >/dev/null

echo "== adding node $(node --version) and npm $(npm --version) under /usr/local"
install -D -m 0755 "$node_bin" "$rootfs/usr/local/bin/node"
mkdir -p "$rootfs/usr/local/lib/node_modules"
cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
mkdir -p "$rootfs/usr/local/include"
cp -a "$headers" "$rootfs/usr/local/include/node"
changes=(--change 'ENV npm_config_nodedir=/usr/local')
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  install -D -m 0644 "$NODE_EXTRA_CA_CERTS" "$rootfs/usr/local/share/pigeonhole-base/extra-ca.pem"
  changes+=(--change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/pigeonhole-base/extra-ca.pem')
fi
# As in the official image: a non-root user `node` (uid 1000), and no package lists.
chroot "$rootfs" useradd --uid 1000 --user-group --create-home --shell /bin/bash node
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin

echo "== importing as $image"
tar -C "$rootfs" -c . | podman import -q "${changes[@]}" \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["node"]' - "$image" >/dev/null
podman run --rm --network none "$image" node -e 'console.log("== base image runs node", process.version)'
