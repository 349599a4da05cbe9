#!/bin/sh
# make dist's version comes from a tag, which is anybody's text: a tag
# `v3;touch${IFS}pwned;` must run nothing, and only letters, digits and
# . _ + - of it may reach the file names and dist.json.
#   tests/dist_version.sh BUILD_DIR   (with BUILD_DIR/jarmo-handheld/firmware.hex and .elf)
set -u
B=$1
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$TMP/repo" "$TMP/b/jarmo-handheld"
cp "$B/jarmo-handheld/firmware.hex" "$B/jarmo-handheld/firmware.elf" "$TMP/b/jarmo-handheld/"
( cd "$TMP/repo" && git init -q && git -c user.name=t -c user.email=t@t commit -q --allow-empty -m t \
    && git tag 'v3;touch${IFS}pwned;' ) || { echo "[  FAILED  ] dist-version: could not make the test repository"; exit 1; }
here=$PWD
( cd "$TMP" && GIT_DIR="$TMP/repo/.git" sh "$here/tools/dist.sh" "$TMP/b" jarmo-handheld >"$TMP/log" 2>&1 )
if [ -e "$TMP/pwned" ] || [ -e "$TMP/repo/pwned" ] || [ -e pwned ]; then
    echo "[  FAILED  ] dist-version: the tag ran a command"; exit 1
fi
v=$(sed -n 's/.*"version": "\([^"]*\)".*/\1/p' "$TMP/b/dist/dist.json" 2>/dev/null)
files=$(ls "$TMP/b/dist" 2>/dev/null | tr '\n' ' ')
case "$v" in
  v3_touch__IFS_pwned_) ;;
  *) echo "[  FAILED  ] dist-version: version '$v' in dist.json (files: $files; $(tail -1 "$TMP/log"))"; exit 1 ;;
esac
if ls "$TMP/b/dist" | grep -q '[^A-Za-z0-9._+-]'; then
    echo "[  FAILED  ] dist-version: a file name with other characters: $files"; exit 1
fi
echo "[       OK ] dist-version: a hostile tag ran nothing and became $v ($files)"
# a disk that fills while the .hex is copied (a 20 KB file size limit, the
# signal ignored so that the write fails): make dist fails, and leaves no
# cut .hex and no dist behind (issue 54 J)
rm -rf "$TMP/b/dist"
( trap '' XFSZ; ulimit -f 20; cd "$TMP" && GIT_DIR="$TMP/repo/.git" sh "$here/tools/dist.sh" "$TMP/b" jarmo-handheld ) >"$TMP/log2" 2>&1
rc=$?
left=$(find "$TMP/b" -path '*dist*' -type f 2>/dev/null | tr '\n' ' ')
if [ $rc -ne 0 ] && [ -z "$left" ]; then
    echo "[       OK ] dist-full-disk: make dist failed ($(tail -1 "$TMP/log2" | cut -c1-80)) and left nothing"
else
    echo "[  FAILED  ] dist-full-disk: exit $rc, left: ${left:-nothing}"; exit 1
fi
