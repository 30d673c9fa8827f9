#!/bin/sh
# roundtrip.sh - every game of the KGS corpus (kgs-2015-19x19.tar.gz in
# $SGFTIDY_CORPUS, by default the folder shared/corpus beside the
# checkout) must
#   1. normalize (OUT1 = sgftidy GAME),
#   2. re-check with no message at all (sgftidy OUT1 OUT2 prints nothing
#      and exits 0),
#   3. normalize to the same bytes again (OUT2 = OUT1),
#   4. keep its content: the --dump-tree listings of GAME and OUT1 agree.
# Skipped (exit 77) with a notice when the corpus is not there.
# SGFTIDY_CORPUS_LIMIT=N checks only the first N games.
. "$(dirname "$0")/setup.sh"

if [ "${1:-}" = "--games" ]; then
    # Worker: checks the games named on the command line.
    shift
    for game in "$@"; do
        o1="$TMPD/1.sgf"
        o2="$TMPD/2.sgf"
        rm -f "$o1" "$o2"
        if ! run -q "$game" "$o1" 2>"$TMPD/e1"; then
            rc=$?
            [ "$rc" -ne 5 ] && [ "$rc" -ne 10 ] && { echo "FAIL $game: exit $rc"; cat "$TMPD/e1"; continue; }
        fi
        [ -f "$o1" ] || { echo "FAIL $game: not written"; cat "$TMPD/e1"; continue; }
        if ! run -q "$o1" "$o2" 2>"$TMPD/e2" || [ -s "$TMPD/e2" ]; then
            echo "FAIL $game: output does not re-check cleanly"
            cat "$TMPD/e2"
            continue
        fi
        cmp -s "$o1" "$o2" || { echo "FAIL $game: second normalization changed bytes"; continue; }
        run -q --dump-tree "$game" - >"$TMPD/d1" 2>/dev/null
        run -q --dump-tree "$o1" - >"$TMPD/d2" 2>/dev/null
        cmp -s "$TMPD/d1" "$TMPD/d2" || { echo "FAIL $game: content changed"; diff "$TMPD/d1" "$TMPD/d2" | head -5; continue; }
        echo "ok"
    done
    exit 0
fi

corpus="${SGFTIDY_CORPUS:-$srcdir/../shared/corpus}"
tarball="$corpus/kgs-2015-19x19.tar.gz"
if [ ! -f "$tarball" ]; then
    notice "SKIP: corpus not found ($tarball); set SGFTIDY_CORPUS to run the round trip"
    exit 77
fi
mkdir "$TMPD/games"
tar -xzf "$tarball" -C "$TMPD/games"
find "$TMPD/games" -type f -name '*.sgf' | sort >"$TMPD/list"
if [ -n "${SGFTIDY_CORPUS_LIMIT:-}" ]; then
    head -n "$SGFTIDY_CORPUS_LIMIT" "$TMPD/list" >"$TMPD/l" && mv "$TMPD/l" "$TMPD/list"
fi
total=$(wc -l <"$TMPD/list")
jobs=$(nproc 2>/dev/null || echo 2)
xargs -P "$jobs" -n 200 sh "$0" --games <"$TMPD/list" >"$TMPD/results"
passed=$(grep -c '^ok$' "$TMPD/results")
failed=$((total - passed))
grep -v '^ok$' "$TMPD/results" | head -50
echo "round trip over $total KGS games: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
