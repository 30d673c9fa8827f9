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
# The test build with the hooks of src/hook.h, for the tests of races.
: "${SGFTIDY_HOOKED:=$(dirname "$SGFTIDY")/tests/sgftidy-hooked}"
# need_hooked: ends a test that cannot run without the test build.
need_hooked() {
    if [ ! -x "$SGFTIDY_HOOKED" ]; then
        echo "the test build is not at $SGFTIDY_HOOKED (set SGFTIDY_HOOKED)" >&2
        exit 99
    fi
}
# hooked POINTS COMMAND ARGS...: the test build, with COMMAND run at the
# points (SGFTIDY_HOOK, SGFTIDY_HOOK_RUN); its standard output in out,
# its standard error in err, its status in rc.
hooked() {
    hooked_points=$1 hooked_command=$2
    shift 2
    SGFTIDY_HOOK=$hooked_points SGFTIDY_HOOK_RUN=$hooked_command \
        ${VALGRIND:-} "$SGFTIDY_HOOKED" "$@" >out 2>err
    rc=$?
}
# need_tool COMMAND WHAT: ends the test, skipped, when COMMAND (a program
# of another project the test checks the output with) is not there; with
# SGFTIDY_REQUIRE_TOOLS=1 (as CI sets it, after installing them) a
# missing tool is a failure, so that a skip cannot hide a broken install.
need_tool() {
    if ! command -v "$1" >/dev/null 2>&1; then
        if [ "${SGFTIDY_REQUIRE_TOOLS:-0}" = 1 ]; then
            echo "$1 ($2) is required (SGFTIDY_REQUIRE_TOOLS=1) but not found" >&2
            exit 99
        fi
        notice "SKIP: $1 ($2) not found"
        exit 77
    fi
}
# need_validators: the validators of the machine reports on PATH (where
# .ci/need-validators installs them), or the test ends as need_tool ends it.
need_validators() {
    PATH=${SGFTIDY_CI_TOOLS:-${HOME:-/root}/.cache/sgftidy-ci}/node_modules/.bin:$PATH
    need_tool sarif-multitool "npm @microsoft/sarif-multitool; .ci/need-validators installs it"
    need_tool ajv "npm ajv-cli and ajv-formats; .ci/need-validators installs them"
}
# sarif_valid LOG OUT: the SARIF multitool finds no error nor warning in
# LOG (its report in OUT).
sarif_valid() {
    sarif-multitool validate "$1" >"$2" 2>&1 &&
        ! grep -Eq ': (error|warning) ' "$2" &&
        grep -q 'Analysis completed successfully' "$2"
}
# gitlab_valid REPORT OUT: REPORT is a GitLab Code Quality report, as
# tests/schemas/gitlab-codequality.json says (ajv's words in OUT).
gitlab_valid() {
    ajv validate --strict=false -c ajv-formats \
        -s "$srcdir/tests/schemas/gitlab-codequality.json" -d "$1" >"$2" 2>&1
}
