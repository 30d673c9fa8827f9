#!/bin/sh
# pathological.sh - inputs made to hurt, generated here: 100,000 nested
# variations, a 1,000,000-node main line, a 50 MB comment, 100,000
# properties in one node, a 10,000-game collection, a file of nothing but
# '(', and random bytes.  Each must finish (no stack overflow, no hang:
# a generous time bound), within a memory bound (virtual memory is capped,
# except in sanitizer builds, whose shadow memory needs much), with the
# exact result expected; text after and between the game trees is read
# in bounded memory.  Speed is measured by bench/run, not here.
. "$(dirname "$0")/setup.sh"

if [ -n "${VALGRIND:-}" ]; then
    notice "SKIP: too slow under valgrind"
    exit 77
fi
pass=0
fail=0
cd "$TMPD" || exit 99
limit_kb=1048576 # 1 GiB
[ -n "${SGFTIDY_SANITIZED:-}" ] && limit_kb=unlimited

# capped KB SECONDS ARGS...: runs sgftidy within KB of address space and
# SECONDS; sets rc.  bounded ARGS...: with the generous bounds.
capped() {
    kb=$1 secs=$2
    shift 2
    (ulimit -v "$kb" 2>/dev/null; exec timeout "$secs" "$SGFTIDY" "$@")
    rc=$?
}
bounded() { capped "$limit_kb" 600 "$@"; }
# fill_nodes FILE: the nodes of FILE that fill or empty the 52x52 board.
fill_nodes() { tr ';' '\n' <"$1" | grep -c '^A[BE]\[aa:ZZ\]'; }
check_rc() { # NAME WANT
    if [ "$rc" -eq "$2" ]; then pass=$((pass + 1)); else echo "FAIL $1: exit $rc, expected $2"; fail=$((fail + 1)); fi
}
check_eq() { # NAME GOT WANT
    if [ "$2" = "$3" ]; then pass=$((pass + 1)); else echo "FAIL $1: got $2, expected $3"; fail=$((fail + 1)); fi
}
fixed_point() { # NAME FILE ARGS...: FILE normalizes to itself
    name=$1 f=$2
    shift 2
    bounded -q --overwrite "$@" "$f" again.sgf 2>/dev/null
    if cmp -s "$f" again.sgf; then pass=$((pass + 1)); else echo "FAIL $name: not a fixed point"; fail=$((fail + 1)); fi
}

# 100,000 nested variations: each has one node, so they are one sequence.
awk 'BEGIN { printf "(;FF[4]GM[1]SZ[19]"; for (i = 0; i < 100000; i++) printf "(;B[%s]", i % 2 ? "aa" : "ss"; for (i = 0; i <= 100000; i++) printf ")" }' >nested.sgf
bounded -q -d58 nested.sgf nested.out 2>err
check_rc nested 0
check_eq nested-moves "$(tr ';' '\n' <nested.out | grep -c '^B\[')" 100000
fixed_point nested nested.out -d58

# 100,000 variations side by side.
awk 'BEGIN { printf "(;FF[4]GM[1]SZ[19]"; for (i = 0; i < 100000; i++) printf "(;B[aa])"; printf ")" }' >siblings.sgf
bounded -q siblings.sgf siblings.out 2>err
check_rc siblings 0
check_eq siblings-count "$(grep -c '^(;B\[aa\])' siblings.out)" 100000

# A main line of 1,000,000 nodes (passes).
awk 'BEGIN { printf "(;FF[4]GM[1]SZ[19]"; for (i = 0; i < 500000; i++) printf ";B[];W[]"; printf ")" }' >long.sgf
bounded -q long.sgf long.out 2>err
check_rc long-line 0
check_eq long-line-nodes "$(tr ';' '\n' <long.out | grep -c '^[BW]\[\]')" 1000000

# A comment of 50 MB.
{ printf '(;FF[4]GM[1]SZ[19]C['; yes 'word' | head -c 50000000 | tr '\n' ' '; printf '])'; } >comment.sgf
bounded -q comment.sgf comment.out 2>err
check_rc comment 0
check_eq comment-words "$(tr -d '\\\n' <comment.out | tr ' ' '\n' | grep -c 'word')" 10000000
fixed_point comment comment.out

# 100,000 properties in one node (unknown ones: kept, warned about).
awk 'BEGIN { printf "(;FF[4]GM[1]SZ[19];B[aa]"; for (i = 0; i < 100000; i++) { n = i; id = ""; for (k = 0; k < 4; k++) { id = id sprintf("%c", 65 + n % 26); n = int(n / 26) } printf "X%s[%d]", id, i } printf ")" }' >props.sgf
bounded -q -w props.sgf props.out 2>err
check_rc many-props 0
check_eq many-props-count "$(grep -o 'X[A-Z]*\[' props.out | wc -l | tr -d ' ')" 100000

# A collection of 10,000 games.
awk 'BEGIN { for (i = 0; i < 10000; i++) printf "(;FF[4]GM[1]SZ[19]GN[game %d];B[pd];W[dp])\n", i }' >coll.sgf
bounded -q coll.sgf coll.out 2>err
check_rc collection 0
check_eq collection-trees "$(grep -c '^(;FF\[4\]' coll.out)" 10000
fixed_point collection coll.out

# Nothing but '(': no SGF data (7).
yes '(' | head -n 1000000 | tr -d '\n' >parens.sgf
bounded -q parens.sgf 2>err
check_rc parens 20
check_eq parens-message "$(cat err)" "parens.sgf: fatal F7: no SGF data found"

# Random bytes (a fixed seed): any verdict, but a verdict.
awk 'BEGIN { srand(7); for (i = 0; i < 1000000; i++) printf "%c", 1 + int(rand() * 255) }' >random.sgf
bounded -q -c random.sgf random.out 2>/dev/null
case $rc in 0 | 5 | 10 | 20) pass=$((pass + 1)) ;; *) echo "FAIL random: exit $rc"; fail=$((fail + 1)) ;; esac
# With the SGF start made sure of, the junk is reported and the tree kept.
{ printf '(;FF[4]GM[1]SZ[19]C[x]'; head -c 300000 random.sgf | tr -d '()[]\\;'; printf ';B[aa])'; } >junk.sgf
bounded -q -c junk.sgf junk.out 2>/dev/null
check_rc junk 10
grep -q ';B\[aa\])' junk.out && pass=$((pass + 1)) || { echo "FAIL junk: tree lost"; fail=$((fail + 1)); }

# Text after and between game trees is scanned as it streams: 400 MB of
# NUL bytes after a game, 300 MB of 'x' and 100 MB of spaces between two,
# each read from a pipe with 128 MiB of address space.
small_kb=131072
[ -n "${SGFTIDY_SANITIZED:-}" ] && small_kb=unlimited
streamed() { # NAME WANT-RC WANT-STDERR GENERATOR: its output to sgftidy -
    "$4" | (ulimit -v "$small_kb" 2>/dev/null; exec timeout 600 "$SGFTIDY" - -) >out.sgf 2>err
    rc=$?
    check_rc "$1" "$2"
    check_eq "$1-messages" "$(cat err)" "$3"
}
trailing_nul() { printf '(;B[aa])'; head -c 400000000 /dev/zero; }
between() {
    printf '(;B[aa])\n'
    head -c 300000000 /dev/zero | tr '\0' x
    head -c 100000000 /dev/zero | tr '\0' ' '
    printf '(;W[bb])\n'
}
dots="                                                                ..."
streamed trailing-nul 10 "<stdin>:1:9: error E8 (critical): illegal characters outside values deleted: \"$dots\"
<stdin>: error E34: output not written because of critical messages (-c writes it anyway)
<stdin>: 2 error(s)  (critical:1)" trailing_nul
streamed between-trees 10 "<stdin>:2:1: error E8 (critical): illegal characters outside values deleted: \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...\"
<stdin>: error E34: output not written because of critical messages (-c writes it anyway)
<stdin>: 2 error(s)  (critical:1)" between

# Inputs that once took the square of their size (each is linear now, and
# would take far longer than the time bound if it were not): a comment of
# one word of 2,000,000 letters (wrapped), 100,000 different arrows, the
# game-info repeated in 100,000 nodes, one unknown property 100,000 times
# in a node, 50,000 variations that start with empty nodes (-n), 200,000
# numbers without their ']', a 52x52 board filled and emptied 2,000 times.
awk 'BEGIN { printf "(;FF[4]GM[1]SZ[19]C["; for (i = 0; i < 20000; i++) printf "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"; printf "])" }' >word.sgf
bounded -q word.sgf word.out 2>err
check_rc long-word 0
check_eq long-word-letters "$(tr -d '\\\n' <word.out | tr -cd x | wc -c | tr -d ' ')" 2000000
fixed_point long-word word.out
awk 'BEGIN { c = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"; printf "(;FF[4]GM[1]SZ[52];B[aa]AR"; n = 0; for (a = 1; a <= 52 && n < 100000; a++) for (b = 1; b <= 52 && n < 100000; b++) for (d = 1; d <= 52 && n < 100000; d += 1) if (d != b) { printf "[%s%s:%s%s]", substr(c, a, 1), substr(c, b, 1), substr(c, a, 1), substr(c, d, 1); n++ } printf ")" }' >arrows.sgf
bounded -q arrows.sgf arrows.out 2>err
check_rc arrows 0
check_eq arrows-count "$(grep -o '\[[a-zA-Z][a-zA-Z]:[a-zA-Z][a-zA-Z]\]' arrows.out | wc -l | tr -d ' ')" 100000
awk 'BEGIN { printf "(;FF[4]GM[1]SZ[19]"; for (i = 0; i < 100000; i++) printf ";GC[x]"; printf ")" }' >gi.sgf
bounded -q gi.sgf gi.out 2>err
check_rc gameinfo-repeated 10
check_eq gameinfo-repeated-messages "$(grep -c 'E44' err)" 99999
awk 'BEGIN { printf "(;FF[4]GM[1]SZ[19]"; for (i = 0; i < 100000; i++) printf "XX[%d]", i; printf ")" }' >same.sgf
bounded -q -d35 same.sgf same.out 2>err
check_rc same-unknown 10
check_eq same-unknown-values "$(tr -d '\n' <same.out | sed 's/.*XX//' | grep -o '\[[0-9]*\]' | wc -l | tr -d ' ')" 100000
awk 'BEGIN { printf "(;FF[4]GM[1]SZ[19]"; for (i = 0; i < 50000; i++) printf "(;;;;B[aa])"; printf ")" }' >empty.sgf
bounded -q -n empty.sgf empty.out 2>err
check_rc empty-nodes 5
check_eq empty-nodes-left "$(grep -c '^(;B\[aa\])' empty.out)" 50000
awk 'BEGIN { printf "(;FF[4]GM[1]SZ[19]"; for (i = 0; i < 200000; i++) printf ";MN[1 "; printf "])" }' >norb.sgf
bounded -q norb.sgf norb.out 2>err
check_rc missing-brackets 10
check_eq missing-brackets-nodes "$(tr ';' '\n' <norb.out | grep -c '^MN\[1\]')" 200000
awk 'BEGIN { printf "(;FF[4]GM[1]SZ[52]"; for (i = 0; i < 2000; i++) printf ";AB[aa:ZZ];AE[aa:ZZ]"; printf ")" }' >fill.sgf
bounded -q fill.sgf fill.out 2>err
check_rc fill-empty 0
check_eq fill-empty-nodes "$(fill_nodes fill.out)" 4000

# Memory that grew with the changes of the board, not with the input: a
# line of 40,000 nodes (800 kB) that fill and empty a 52x52 board held
# the means to undo 108 million changes (430 MB), though no variation
# was left to go back to.  It runs in 128 MiB of address space.
awk 'BEGIN { printf "(;FF[4]GM[1]SZ[52]"; for (i = 0; i < 20000; i++) printf ";AB[aa:ZZ];AE[aa:ZZ]"; printf ")" }' >fill2.sgf
capped "$small_kb" 600 -q fill2.sgf fill2.out 2>err
check_rc fill-empty-long 0
check_eq fill-empty-long-nodes "$(fill_nodes fill2.out)" 40000
# The same line of 40,000 nodes with a variation beside it to come back
# to: its changes, undone only together, are merged, one for each point
# (it held 430 MB; now 14 MB, in 128 MiB of address space).
awk 'BEGIN { printf "(;FF[4]GM[1]SZ[52]("; for (i = 0; i < 20000; i++) printf ";AB[aa:ZZ];AE[aa:ZZ]"; printf ")(;W[cc]))" }' >fill4.sgf
capped "$small_kb" 600 -q fill4.sgf fill4.out 2>err
check_rc fill-empty-beside 0
check_eq fill-empty-beside-nodes "$(fill_nodes fill4.out)" 40000
check_eq fill-empty-beside-variation "$(grep -c '^(;W\[cc\]))' fill4.out)" 1

# 40,000 nested variations (760 kB), each a node that fills or empties a
# 52x52 board with a variation beside it to come back to: the undo log
# held each node's 2,704 changes (430 MB); a node that changes more than
# a snapshot of the board takes room for keeps the position before it
# as one instead (55 MB, in 128 MiB of address space).
awk 'BEGIN { printf "(;FF[4]GM[1]SZ[52]"; for (i = 0; i < 20000; i++) printf "(;AB[aa:ZZ](;AE[aa:ZZ]"; for (i = 0; i < 20000; i++) printf ")(;C[e]))(;C[f])"; printf ")" }' >nest.sgf
capped "$small_kb" 600 -q nest.sgf nest.out 2>err
check_rc fill-empty-nested 0
check_eq fill-empty-nested-nodes "$(fill_nodes nest.out)" 40000
check_eq fill-empty-nested-variations "$(grep -o '(;C\[[ef]\])' nest.out | wc -l | tr -d ' ')" 40000

# 20,000 variations (560 kB) that each fill a 52x52 board and empty it
# again: going back from each took the square of the board's size, as
# the stones to take off again were not on the board the cost was
# reckoned from (135 s, now under 1 s; bounded here at 60 s).
awk 'BEGIN { printf "(;FF[4]GM[1]SZ[52]"; for (j = 0; j < 20000; j++) printf "(;AB[aa:Zy];AE[aa:Zy];B[aa])"; printf ")" }' >back.sgf
capped "$limit_kb" 60 -q back.sgf back.out 2>err
check_rc fill-empty-back 0
check_eq fill-empty-back-variations "$(grep -c '^(;AB\[aa:Zy\];AE\[aa:Zy\];B\[aa\])' back.out)" 20000

# With -e the same board, filled and emptied 1,000 times (40 kB), is
# written as 5.4 million points: the tree held a value for each (550 MB);
# it holds a run down each column, and the writer writes the points.
awk 'BEGIN { printf "(;FF[4]GM[1]SZ[52]"; for (i = 0; i < 1000; i++) printf ";AB[aa:ZZ];AE[aa:ZZ]"; printf ")" }' >fill3.sgf
capped "$small_kb" 600 -q -e fill3.sgf fill3.out 2>err
check_rc fill-expanded 0
check_eq fill-expanded-points "$(tr -cd '[' <fill3.out | wc -c | tr -d ' ')" 5408004
check_eq fill-expanded-first "$(tr ';' '\n' <fill3.out | grep -c '^AB\[aa\]\[ab\]\[ac\]')" 1000

echo "pathological: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
