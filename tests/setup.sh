# setup.sh - sourced by the shell tests: environment, temporary folder,
# and the command under test (wrapped in valgrind when configured).
set -u
LC_ALL=C
export LC_ALL
: "${srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${SGFTIDY:=$(pwd)/sgftidy}"
if [ ! -x "$SGFTIDY" ]; then
    echo "sgftidy not found at $SGFTIDY (set SGFTIDY)" >&2
    exit 99
fi
TMPD=$(mktemp -d "${TMPDIR:-/tmp}/sgftidy-test.XXXXXX")
trap 'rm -rf "$TMPD"' EXIT INT TERM
# run ARGS...: the command under test, under valgrind when VALGRIND is set.
run() {
    # shellcheck disable=SC2086
    ${VALGRIND:-} "$SGFTIDY" "$@"
}
# notice TEXT: a line the person running "make check" sees (the test
# harness gives the tests descriptor 9 for it), and the log too.
notice() {
    echo "$*"
    if { true >&9; } 2>/dev/null; then echo "  $*" >&9; fi
}
