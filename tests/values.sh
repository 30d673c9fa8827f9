#!/bin/sh
# values.sh - every value in, every value out: no value of the input is
# changed or deleted without a message (tests/value_audit.c says how it
# compares).  Over
#   1. the records of tests/values (servers, eras, charsets and games of
#      every kind) and the input of every golden case, with the default
#      options and with --short-ranks;
#   2. the audit itself: with message 131 left out, the values it reports
#      are listed, exactly;
#   3. the KGS corpus ($SGFTIDY_CORPUS, as roundtrip.sh; skipped with a
#      notice when it is not there; SGFTIDY_CORPUS_LIMIT=N: N games).
. "$(dirname "$0")/setup.sh"

audit="${VALUE_AUDIT:-$(dirname "$SGFTIDY")/tests/value-audit}"
if [ ! -x "$audit" ]; then
    echo "value-audit not found at $audit (set VALUE_AUDIT)" >&2
    exit 99
fi
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }

# Relative names, so that the lines name the files the same way anywhere.
cd "$srcdir/tests" || exit 99
set -- values/*.sgf
for f in cases/*/*.sgf; do
    case "$f" in *.out.sgf) ;; *) set -- "$@" "$f" ;; esac
done
for opts in "" --short-ranks; do
    # shellcheck disable=SC2086
    "$audit" $opts "$@" >"$TMPD/audit"
    rc=$?
    if [ "$rc" -eq 0 ] && grep -q ' 0 changed without a message$' "$TMPD/audit"; then
        ok
    else
        bad "values changed without a message (${opts:-default options})"
        cat "$TMPD/audit"
    fi
done

# The audit finds a change whose message is left out.
"$audit" --ignore=131 cases/server/words-131.sgf >"$TMPD/audit"
rc=$?
head -n 3 "$TMPD/audit" >"$TMPD/got"
cat >"$TMPD/want" <<'WANT'
cases/server/words-131.sgf: offset 18: <HA> changed without a message: [让2子] -> [2]
cases/server/words-131.sgf: offset 29: <RE> changed without a message: [黑中盘胜] -> [B+R]
cases/server/words-131.sgf: offset 45: <DT> changed without a message: [2019年3月1日] -> [2019-03-01]
WANT
if [ "$rc" -eq 1 ] && cmp -s "$TMPD/want" "$TMPD/got"; then ok; else bad "audit without message 131 (exit $rc)"; diff "$TMPD/want" "$TMPD/got"; fi

corpus="${SGFTIDY_CORPUS:-$srcdir/../shared/corpus}"
if ls "$corpus"/*.tar.gz >/dev/null 2>&1; then
    mkdir "$TMPD/games"
    for t in "$corpus"/*.tar.gz; do tar -xzf "$t" -C "$TMPD/games"; done
    find "$TMPD/games" -type f -name '*.sgf' | sort >"$TMPD/list"
    if [ -n "${SGFTIDY_CORPUS_LIMIT:-}" ]; then
        head -n "$SGFTIDY_CORPUS_LIMIT" "$TMPD/list" >"$TMPD/l" && mv "$TMPD/l" "$TMPD/list"
    fi
    xargs -n 500 "$audit" <"$TMPD/list" >"$TMPD/audit"
    rc=$?
    if [ "$rc" -eq 0 ]; then
        ok
        notice "values: $(wc -l <"$TMPD/list") corpus games audited"
    else
        bad "corpus values changed without a message"
        grep -v '^value-audit: ' "$TMPD/audit" | head -n 50
    fi
else
    notice "SKIP: corpus not found ($corpus); the corpus part of values.sh not run"
fi

echo "values: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
