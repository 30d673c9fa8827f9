#!/bin/sh
# golden.sh - the golden cases: for every tests/cases/GROUP/NAME.sgf (or
# NAME.gib, NAME.ngf, NAME.ugf, NAME.ugi: records of other formats), run
#   sgftidy [ARGS from NAME.args] NAME.EXT OUT
# in the case's folder and compare, byte for byte:
#   OUT             with NAME.out.sgf (absent = no output may be written)
#   standard error  with NAME.diag
#   the exit status with NAME.rc (absent = 0);
# and the output must be a fixed point: sgftidy with the same ARGS writes
# it again byte for byte (but with -z, which turns the order of the
# variations around each time, and -l2 to -l4, which read line breaks as
# the writer of the input meant them, a reading the output no longer
# needs).  The output of a record of another format is also checked
# again: it must have no message of an error.
# UPDATE=1 rewrites the expectations from what the program does; every
# such change must be read before it is committed.
. "$(dirname "$0")/setup.sh"

pass=0
fail=0
for input in "$srcdir"/tests/cases/*/*.sgf "$srcdir"/tests/cases/*/*.gib \
    "$srcdir"/tests/cases/*/*.ngf "$srcdir"/tests/cases/*/*.ugf \
    "$srcdir"/tests/cases/*/*.ugi; do
    [ -f "$input" ] || continue
    case "$input" in *.out.sgf) continue ;; esac
    dir=$(dirname "$input")
    file=$(basename "$input")
    name=${file%.*}
    ext=${file##*.}
    base="$dir/$name"
    args=""
    [ -f "$base.args" ] && args=$(cat "$base.args")
    out="$TMPD/out.sgf"
    rm -f "$out"
    # shellcheck disable=SC2086
    (cd "$dir" && run $args "$file" "$out") 2>"$TMPD/diag" >"$TMPD/stdout"
    rc=$?
    if [ -n "${UPDATE:-}" ]; then
        cp "$TMPD/diag" "$base.diag"
        if [ -f "$out" ]; then cp "$out" "$base.out.sgf"; else rm -f "$base.out.sgf"; fi
        if [ "$rc" -ne 0 ]; then echo "$rc" >"$base.rc"; else rm -f "$base.rc"; fi
        continue
    fi
    want_rc=0
    [ -f "$base.rc" ] && want_rc=$(cat "$base.rc")
    ok=1
    if [ "$rc" -ne "$want_rc" ]; then
        echo "FAIL $name: exit status $rc, expected $want_rc"
        ok=0
    fi
    if ! diff -u "$base.diag" "$TMPD/diag" >"$TMPD/d"; then
        echo "FAIL $name: messages differ"
        cat "$TMPD/d"
        ok=0
    fi
    if [ -f "$base.out.sgf" ]; then
        if [ ! -f "$out" ]; then
            echo "FAIL $name: no output written"
            ok=0
        elif ! diff -u "$base.out.sgf" "$out" >"$TMPD/d"; then
            echo "FAIL $name: output differs"
            cat "$TMPD/d"
            ok=0
        fi
    elif [ -f "$out" ]; then
        echo "FAIL $name: output written where none was expected"
        ok=0
    fi
    case " $args " in
    *" -z "* | *" -l2 "* | *" -l3 "* | *" -l4 "* | *--linebreaks=[234]*) ;;
    *)
        if [ $ok = 1 ] && [ -f "$out" ]; then
            again="$TMPD/again.sgf"
            rm -f "$again"
            # shellcheck disable=SC2086
            (cd "$dir" && run $args "$out" "$again") 2>"$TMPD/diag2" >/dev/null
            if ! cmp -s "$out" "$again"; then
                echo "FAIL $name: the output is not a fixed point"
                diff "$out" "$again" | head -n 5
                head -n 5 "$TMPD/diag2"
                ok=0
            elif [ "$ext" != sgf ] && grep -q ' error ' "$TMPD/diag2"; then
                echo "FAIL $name: the output of a $ext record has errors"
                head -n 5 "$TMPD/diag2"
                ok=0
            fi
        fi
        ;;
    esac
    if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
[ -n "${UPDATE:-}" ] && { echo "expectations updated"; exit 0; }
echo "golden: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
