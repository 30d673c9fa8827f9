#!/bin/sh
# layers.sh - the shape of the library stays as src/README.md draws it:
#  - drawn from its object files (an arrow from the user of a symbol to
#    the file that defines it), every arrow goes down the layers that
#    src/README.md lists, or stays in one, and every file is in a layer;
#  - no circle of files spans more than three;
#  - its only objects of static storage that can change are the tables
#    it builds once (and their once-flags), named below;
#  - it starts no thread (no call of pthread_create);
#  - the program is linked against the shared library (unless configured
#    with --enable-pgo, which builds it from objects of its own).
# The library's sources are compiled here without optimization across
# files (nm cannot read link-time objects), into a folder of the test's.
# Skipped without nm and objdump (binutils, which the compiler needs).
. "$(dirname "$0")/setup.sh"

cc=${SGFT_TEST_CC:-cc}
if ! command -v nm >/dev/null 2>&1 || ! command -v objdump >/dev/null 2>&1; then
    notice "SKIP layers: needs nm and objdump"
    exit 77
fi
mkdir "$TMPD/o"
n=0
for f in "$srcdir"/src/*.c; do
    case $f in */hook.c) continue ;; esac # the test build's hooks only
    # shellcheck disable=SC2086
    if ! $cc -O0 -c ${SGFT_TEST_CPPFLAGS:-} -I"$srcdir/include" \
        -I"$srcdir/src" "$f" -o "$TMPD/o/$(basename "$f" .c).o" \
        2>"$TMPD/err"; then
        echo "FAIL $f does not compile:"
        head -n 5 "$TMPD/err"
        exit 1
    fi
    n=$((n + 1))
done
fail=0
LAYERS="$srcdir/src/README.md" MAX_CIRCLE=3 NO_THREADS=1 sh "$srcdir/tools/layers.sh" "$TMPD"/o/*.o \
    >"$TMPD/report" || fail=1
cat "$TMPD/report"
# The mutable statics allowed, a line each as "file: name": tables
# filled once under pthread_once, and their once-flags.  None today: the
# library's tables are constant from the start.
allowed=''
sed -n 's/^mutable static: //p' "$TMPD/report" | while read -r line; do
    if [ -z "$allowed" ] || ! printf '%s\n' "$allowed" | grep -qxF "$line"; then
        echo "FAIL a mutable static not in the list of tables built once: $line"
        echo x >>"$TMPD/bad"
    fi
done
[ -f "$TMPD/bad" ] && fail=1

# The program and the library.
prog=$SGFTIDY
if [ "$(head -c 2 "$prog")" = "#!" ]; then # libtool's wrapper script
    prog=$(dirname "$prog")/.libs/$(basename "$prog")
fi
if ! command -v readelf >/dev/null 2>&1; then
    notice "layers: readelf not found: the program's link is not checked"
elif readelf -d "$prog" 2>/dev/null | grep -q 'NEEDED.*libsgftidy'; then
    if nm "$prog" 2>/dev/null | grep -q ' [Tt] sgft__'; then
        echo "FAIL $prog uses libsgftidy and holds library code of its own"
        fail=1
    else
        echo "the program is linked against libsgftidy"
    fi
elif grep -q '^#define SGFT_PGO 1' "$(dirname "$SGFTIDY")/config.h" 2>/dev/null; then
    echo "the program is built from objects of its own (--enable-pgo)"
else
    echo "FAIL $prog is not linked against libsgftidy"
    fail=1
fi
echo "layers: $n library sources, status $fail"
exit $fail
