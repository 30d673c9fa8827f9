#!/bin/sh
# examples.sh - the example programs of examples/, built against the
# library through its public header only, give exactly the output they
# should: the tree API (moves), the event API (events) and the edit API
# (nocomments).
. "$(dirname "$0")/setup.sh"

ex="${EXAMPLES_DIR:-$(pwd)/examples}"
pass=0
fail=0
# same NAME EXPECTED COMMAND...: standard output of COMMAND.
same() {
    name=$1 want=$2
    shift 2
    "$@" >"$TMPD/out" 2>"$TMPD/err"
    rc=$?
    if [ $rc -ne 0 ]; then
        echo "FAIL $name: exit status $rc"; cat "$TMPD/err"; fail=$((fail + 1))
    elif ! printf '%s\n' "$want" | diff -u - "$TMPD/out"; then
        echo "FAIL $name: output differs"; fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
}

cat >"$TMPD/two.sgf" <<'SGF'
(;FF[4]GM[1]SZ[19]PB[Black]PW[White]RE[B+resign]C[first game]
;B[pd];W[dp]C[a \] bracket];B[pp]
(;W[dd];B[fq])
(;W[dc]))
(;FF[3]GM[1]SZ[9]RE[0];B[ee];W[];B[cc])
SGF

same moves "game 1: 5 moves, result B+R
game 2: 3 moves, result 0" "$ex/moves" "$TMPD/two.sgf"

same events "game 1
  FF[4]
  GM[1]
  SZ[19]
  PB[Black]
  PW[White]
  RE[B+resign]
  C[first game]
    B[pd]
      W[dp]
      C[a \] bracket]
        B[pp]
          W[dd]
            B[fq]
          W[dc]
game 2
  FF[3]
  GM[1]
  SZ[9]
  RE[0]
    B[ee]
      W[]
        B[cc]" "$ex/events" "$TMPD/two.sgf"

same nocomments "(;FF[4]CA[UTF-8]GM[1]SZ[19]
PB[Black]
PW[White]
RE[B+R]
GC[comments removed]
;B[pd];W[dp];B[pp]
(;W[dd];B[fq])
(;W[dc]))
(;FF[4]CA[UTF-8]GM[1]SZ[9]
RE[0]
GC[comments removed]
;B[ee];W[];B[cc])" "$ex/nocomments" "$TMPD/two.sgf"
same nocomments-count "2 comment(s) deleted" sh -c '"$0" "$1" 2>&1 >/dev/null | grep deleted' "$ex/nocomments" "$TMPD/two.sgf"

echo "examples: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
