#!/usr/bin/env bash
# make dist: each board's firmware as it is flashed, named with its version
# (git describe), with SHA256SUMS, and a dist.json for the web page.
#   tools/dist.sh BUILD_DIR BOARD...
# The version is read here, not handed over by make: a tag is anybody's
# text (`v3;touch${IFS}pwned;`), so it never reaches a command line
# unquoted, and only letters, digits and . _ + - of it reach a file name or
# the JSON (anything else becomes _).
set -eu
B=$1; shift
version=$(git describe --tags --always --dirty 2>/dev/null || echo unknown)
version=$(printf '%s' "$version" | LC_ALL=C tr -c 'A-Za-z0-9._+-' '_')
[ -n "$version" ] || version=unknown
out=$B/dist
# built in a folder of its own and put in place whole: a full disk or a
# failed step leaves no cut .hex behind, and no dist at all
stage=$B/dist.new
rm -rf "$stage" && mkdir -p "$stage"
trap 'rm -rf "$stage"' EXIT
json="{\"version\": \"$version\", \"boards\": {"
sep=
for b in "$@"; do
  hex=$B/$b/firmware.hex
  [ -f "$hex" ] || { echo "make dist: no $hex (make $hex first)" >&2; exit 1; }
  name=jarmo-${b#jarmo-}-$version.hex
  cp "$hex" "$stage/$name"
  cmp -s "$hex" "$stage/$name" || { echo "make dist: $stage/$name was not written whole" >&2; exit 1; }
  sum=$(sha256sum "$hex" | cut -d' ' -f1)
  bytes=$(avr-size "$B/$b/firmware.elf" | awk 'NR == 2 { print $1 + $2 }')
  json="$json$sep\"$b\": {\"file\": \"$name\", \"sha256\": \"$sum\", \"flash_bytes\": $bytes, \"hex_bytes\": $(stat -c %s "$hex")}"
  sep=", "
done
(cd "$stage" && sha256sum jarmo-*.hex > SHA256SUMS)
echo "$json}}" > "$stage/dist.json"
rm -rf "$out" && mv "$stage" "$out"
trap - EXIT
echo "make dist: $out ($(ls "$out" | tr '\n' ' '))"
