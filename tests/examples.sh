#!/bin/sh
# examples.sh - the example programs of examples/, built against the
# library through its public header only, give exactly the output they
# should: the tree API (moves), the event API (events) and the edit API
# (nocomments), the board of a node as an SVG image (board-svg), the
# typed game-info of each game (game-info), and the walk, the edits of
# nodes, positions and trees the caller owns (tree-edit).
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

# board-svg: the main line of the first game, to its last node: the
# chain db-dc taken by B[ec], passes written [] and [tt], the variation
# after W[db] not played.
cat >"$TMPD/board.sgf" <<'SGF'
(;FF[4]GM[1]SZ[5]PB[Black]PW[White]
;B[cc];W[bc];B[cb];W[dc];B[cd];W[db]
(;B[da];W[];B[eb];W[tt];B[dd];W[];B[ec])
(;B[ee]))
SGF
same board-svg '<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="164" height="164" viewBox="0 0 164 164" data-cols="5" data-rows="5" data-last="ec">
<rect class="board" width="164" height="164" fill="#dcb35c"/>
<path class="grid" d="M44 44H140M44 68H140M44 92H140M44 116H140M44 140H140M44 44V140M68 44V140M92 44V140M116 44V140M140 44V140" fill="none" stroke="#000" stroke-width="1"/>
<text class="coord" x="44" y="20" font-family="sans-serif" font-size="12" text-anchor="middle">a</text>
<text class="coord" x="68" y="20" font-family="sans-serif" font-size="12" text-anchor="middle">b</text>
<text class="coord" x="92" y="20" font-family="sans-serif" font-size="12" text-anchor="middle">c</text>
<text class="coord" x="116" y="20" font-family="sans-serif" font-size="12" text-anchor="middle">d</text>
<text class="coord" x="140" y="20" font-family="sans-serif" font-size="12" text-anchor="middle">e</text>
<text class="coord" x="18" y="48" font-family="sans-serif" font-size="12" text-anchor="middle">a</text>
<text class="coord" x="18" y="72" font-family="sans-serif" font-size="12" text-anchor="middle">b</text>
<text class="coord" x="18" y="96" font-family="sans-serif" font-size="12" text-anchor="middle">c</text>
<text class="coord" x="18" y="120" font-family="sans-serif" font-size="12" text-anchor="middle">d</text>
<text class="coord" x="18" y="144" font-family="sans-serif" font-size="12" text-anchor="middle">e</text>
<circle data-point="da" data-color="b" cx="116" cy="44" r="11" fill="#000"/>
<circle data-point="cb" data-color="b" cx="92" cy="68" r="11" fill="#000"/>
<circle data-point="eb" data-color="b" cx="140" cy="68" r="11" fill="#000"/>
<circle data-point="bc" data-color="w" cx="68" cy="92" r="11" fill="#fff" stroke="#000" stroke-width="1"/>
<circle data-point="cc" data-color="b" cx="92" cy="92" r="11" fill="#000"/>
<circle class="last" data-point="ec" data-color="b" cx="140" cy="92" r="11" fill="#000"/>
<circle class="last-ring" cx="140" cy="92" r="5" fill="none" stroke="#fff" stroke-width="2"/>
<circle data-point="cd" data-color="b" cx="92" cy="116" r="11" fill="#000"/>
<circle data-point="dd" data-color="b" cx="116" cy="116" r="11" fill="#000"/>
</svg>' "$ex/board-svg" "$TMPD/board.sgf"
# The document is well-formed XML (xmllint, when it is there).
if command -v xmllint >/dev/null 2>&1; then
    if "$ex/board-svg" "$TMPD/board.sgf" | xmllint --noout -; then
        pass=$((pass + 1))
    else
        echo "FAIL board-svg: not well-formed"; fail=$((fail + 1))
    fi
elif [ "${SGFTIDY_REQUIRE_TOOLS:-0}" = 1 ]; then
    echo "FAIL board-svg: xmllint is required (SGFTIDY_REQUIRE_TOOLS=1) but not found"
    fail=$((fail + 1))
else
    notice "board-svg: xmllint not found, the document is not validated"
fi
# A game whose board is not known: no document, status 1.
printf '(;GM[2];B[aa])' >"$TMPD/chess.sgf"
same board-svg-refused "status 1" \
    sh -c '"$0" "$1" 2>/dev/null; echo "status $?"' "$ex/board-svg" "$TMPD/chess.sgf"

# game-info: the typed game-info of each game, values as written (RE[w+r]
# read as the checks write it, W+R; DT in words; a result that does not
# read), and the errno of a file that cannot be opened.
cat >"$TMPD/info.sgf" <<'SGF'
(;FF[4]GM[1]SZ[19]PB[Lee Sedol]PW[AlphaGo]RE[w+r]KM[7.5]DT[2016-03-09,10,12,13,15]
;B[pd];W[dp])
(;FF[4]GM[1]PB[Honinbo \] Shusaku]RE[B+2]KM[0]DT[1846-09-11]
;B[qd])
(;FF[4]GM[1]SZ[9]RE[Draw]KM[6 1/2]DT[May 6, 1996];B[ee])
(;FF[4]GM[1]PW[Anon]RE[nobody]DT[1996-05])
(;FF[4]GM[1]C[info below the root];RE[W+3.5]KM[6.5])
SGF
same game-info 'game 1: black "Lee Sedol", white "AlphaGo"; winner white, resign; komi 7.5; first date 2016-03-09
game 2: black "Honinbo \] Shusaku", white ?; winner black, score, margin 2; komi 0; first date 1846-09-11
game 3: black ?, white ?; winner none, draw; komi 6.5; first date 1996-05-06
game 4: black ?, white "Anon"; no result; no komi; first date 1996-05-00
game 5: black ?, white ?; winner white, score, margin 3.5; komi 6.5; no date' \
    "$ex/game-info" "$TMPD/info.sgf"
same game-info-no-file "status 1
$TMPD/none.sgf: No such file or directory" \
    sh -c '"$0" "$1" 2>"$2"; echo "status $?"; sed "s/^[^:]*: //" "$2"' \
    "$ex/game-info" "$TMPD/none.sgf" "$TMPD/err2"
same game-info-folder "status 1
$TMPD: Is a directory" \
    sh -c '"$0" "$1" 2>"$2"; echo "status $?"; sed "s/^[^:]*: //" "$2"' \
    "$ex/game-info" "$TMPD" "$TMPD/err2"

# tree-edit: the walk with enter and exit (a 3-level tree, and a main
# line of 200000 nodes), positions of a node, a property and a value as
# read, two trees kept after their reader's free, a variation moved, a
# subtree deleted, a cycle and the root's deletion refused, and a tree
# built from nothing, written (under valgrind when VALGRIND is set: the
# trees left go with the context's free).
same tree-edit 'detach before a tree: NULL, EINVAL
+r +a +b -b -a +c -c -r
node: 1, line 2 col 2 offset 18
property: 1, line 2 col 3 offset 19
value: 1, line 2 col 4 offset 20
detached: the same tree, again: NULL
check an owned tree: -5
next: 0
+r +a +b -b -a +c -c -r
node: 1, line 2 col 2 offset 18
property: 1, line 2 col 3 offset 19
value: 1, line 2 col 4 offset 20
node: 1, line 6 col 3 offset 60
property: 1, line 6 col 4 offset 61
value: 1, line 6 col 5 offset 62
first (0):
(;FF[4]CA[UTF-8]GM[1]N[r]
(;N[a];N[b])
(;N[c]))
second (0):
(;FF[4]CA[UTF-8]GM[1]SZ[9];B[ee]C[second
game];W[cc])
unlink c: 0
c before a: 0
+r +c -c +a +b -b -a -r
a linked twice: -5
unlink a: 0
a below b, its child: -5
a below a: -5
a after c: 0
a after the root: -5
delete the root: -5
unlink the root: -5
+r +c -c +a +b -b -a -r
unlink c: 0
c below b: 0
d after a: 0
+r +a +b +c -c -b -a +d -d -r
delete b: 0
b again: -5 -5
+r +a -a +d -d -r
new node: 0, line 0 col 0 offset 0
new property: 0, line 0 col 0 offset 0
new value: 0, line 0 col 0 offset 0
first, edited (0):
(;FF[4]CA[UTF-8]GM[1]N[r]
(;N[a])
(;N[d]))
second, still (0):
(;FF[4]CA[UTF-8]GM[1]SZ[9];B[ee]C[second
game];W[cc])
delete cc: 0
delete the C: 0
C left: no
delete a value not of AB: -5
built root: 0, line 0 col 0 offset 0
+4 +dd +ff -ff +dc -dc -dd -4
built (0):
(;FF[4]GM[1]SZ[9]
PB[Black [1\]]
AB[gg][ee];B[dd]
(;W[ff])
(;W[dc]))
long line: 200000 enters, 200000 exits, 200000 deep' ${VALGRIND:-} "$ex/tree-edit"

echo "examples: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
