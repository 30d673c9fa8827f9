#!/bin/sh
# strings.sh - no string fills the char array it initializes.  The tables
# keep their strings in arrays of a fixed size, not behind pointers (so
# that nothing is relocated when a program starts), and C accepts a
# string exactly as long as its array: the array then has no NUL, and
# whatever reads it as a string runs past its end.  GCC's -Wc++-compat
# names such initializers (C++ refuses them); its other warnings are not
# this test's business.  Skipped with another compiler.
. "$(dirname "$0")/setup.sh"

cc=${SGFT_TEST_CC:-cc}
if ! $cc -Wc++-compat -E -x c /dev/null >/dev/null 2>&1 ||
    ! $cc --version 2>/dev/null | grep -q "Free Software Foundation"; then
    notice "SKIP strings: needs GCC (-Wc++-compat)"
    exit 77
fi
files=0
bad=0
for f in "$srcdir"/src/*.c "$srcdir"/cli/*.c; do
    files=$((files + 1))
    # shellcheck disable=SC2086
    if ! $cc -fsyntax-only -Wc++-compat ${SGFT_TEST_CPPFLAGS:-} \
        -I"$srcdir/include" -I"$srcdir/src" -I"$srcdir/cli" "$f" \
        >"$TMPD/out" 2>&1; then
        echo "FAIL $f does not compile:"
        head -n 5 "$TMPD/out"
        bad=$((bad + 1))
    elif grep "too long for C++" "$TMPD/out"; then
        bad=$((bad + 1))
    fi
done
echo "strings: $files files, $bad with a string that fills its array or that did not compile"
[ "$files" -gt 20 ] && [ "$bad" -eq 0 ]
