#!/bin/sh
# version.sh - the version of the header is that of the file VERSION,
# the one truth (configure.ac reads it): SGFT_VERSION and the numbers
# SGFT_VERSION_MAJOR, _MINOR and _PATCH of include/sgftidy.h, and
# --version.  The unit tests hold SGFT_VERSION_NUMBER and
# sgft_version_number() to those numbers.
. "$(dirname "$0")/setup.sh"

pass=0
fail=0
# same NAME WANT GOT
same() {
    if [ "$2" = "$3" ]; then
        pass=$((pass + 1))
    else
        echo "FAIL $1: '$3', expected '$2'"
        fail=$((fail + 1))
    fi
}
version=$(cat "$srcdir/VERSION")
h="$srcdir/include/sgftidy.h"
macro() { sed -n "s/^#define $1 \\(.*\\)\$/\\1/p" "$h"; }
same SGFT_VERSION "\"$version\"" "$(macro SGFT_VERSION)"
same numbers "$version" \
    "$(macro SGFT_VERSION_MAJOR).$(macro SGFT_VERSION_MINOR).$(macro SGFT_VERSION_PATCH)"
same --version "sgftidy $version" "$(run --version | sed -n 1p)"

echo "version: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
