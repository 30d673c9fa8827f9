#!/bin/sh
# duplicates.sh - --duplicates on a generated archive: games copied
# turned and mirrored (all 8 symmetries), with the colours swapped, cut
# short, in collections and in files of their own, mixed with games that
# only share an opening, short games, a handicap game and its turned
# copy; the groups must come out exactly.
. "$(dirname "$0")/setup.sh"

cd "$TMPD" || exit 99
mkdir arch arch/sub
# game SEED N T SWAP [SETUP [SIZE]]: N pseudo-random moves (seeded) on a
# SIZE board (19), under symmetry T (bit 0 left-right, bit 1 top-bottom,
# bit 2 axes), colours swapped when SWAP is 1; SETUP "AB" adds two
# handicap stones.
game() {
    awk -v seed="$1" -v n="$2" -v t="$3" -v swap="$4" -v setup="${5:-}" -v size="${6:-19}" '
    function pt(c, r,   x) {
        if (t % 2 == 1) c = size - 1 - c
        if (int(t / 2) % 2 == 1) r = size - 1 - r
        if (int(t / 4) % 2 == 1) { x = c; c = r; r = x }
        return sprintf("%c%c", 97 + c, 97 + r)
    }
    BEGIN {
        x = seed
        printf "(;FF[4]GM[1]SZ[%d]GN[%s]", size, seed
        if (setup == "AB") printf "HA[2]AB[%s][%s]", pt(3, 15), pt(15, 3)
        for (i = 0; i < n; i++) {
            x = (x * 1103515245 + 12345) % 2147483648
            c = int(x / 65536) % size
            x = (x * 1103515245 + 12345) % 2147483648
            r = int(x / 65536) % size
            col = i % 2 == 0 ? "B" : "W"
            if (setup == "AB") col = i % 2 == 0 ? "W" : "B"
            if (swap == 1) col = col == "B" ? "W" : "B"
            printf ";%s[%s]", col, pt(c, r)
        }
        print ")"
    }'
}
t=0
while [ $t -lt 8 ]; do
    game 11 80 $t 0 >"arch/g11-t$t.sgf"
    t=$((t + 1))
done
game 11 80 5 1 >arch/sub/g11-swapped.sgf
game 11 45 0 0 >arch/sub/g11-cut45.sgf
game 11 35 6 1 >arch/sub/g11-cut35-turned-swapped.sgf
game 11 25 0 0 >arch/sub/g11-cut25.sgf           # too short to count
{ game 12 60 0 0; game 13 70 0 0; game 12 60 3 0; } >arch/coll.sgf
game 13 70 0 0 >arch/sub/g13.sgf
game 14 5 0 0 >arch/short-a.sgf                  # short games: never
game 14 5 0 0 >arch/short-b.sgf
game 15 50 0 0 AB >arch/hcp.sgf
game 15 50 4 0 AB >arch/hcp-mirrored.sgf
game 15 50 0 1 AB >arch/hcp-swapped.sgf          # setup: colours count
game 16 60 0 0 "" 9 >arch/nine.sgf
game 16 60 0 0 "" 13 >arch/thirteen.sgf          # another board: no

"$SGFTIDY" -R --duplicates arch >out 2>err
rc=$?
cat >want <<'OUT'
group 1: 2 copies of one game
  arch/coll.sgf game 1: 60 moves
  arch/coll.sgf game 3: 60 moves, turned 180 degrees
group 2: 2 copies of one game
  arch/coll.sgf game 2: 70 moves
  arch/sub/g13.sgf game 1: 70 moves
group 3: 11 copies of one game
  arch/g11-t0.sgf game 1: 80 moves
  arch/g11-t1.sgf game 1: 80 moves, mirrored left to right
  arch/g11-t2.sgf game 1: 80 moves, mirrored top to bottom
  arch/g11-t3.sgf game 1: 80 moves, turned 180 degrees
  arch/g11-t4.sgf game 1: 80 moves, mirrored on the diagonal
  arch/g11-t5.sgf game 1: 80 moves, turned 90 degrees anticlockwise
  arch/g11-t6.sgf game 1: 80 moves, turned 90 degrees clockwise
  arch/g11-t7.sgf game 1: 80 moves, mirrored on the other diagonal
  arch/sub/g11-cut35-turned-swapped.sgf game 1: 35 moves (the first 35), turned 90 degrees clockwise, colours swapped
  arch/sub/g11-cut45.sgf game 1: 45 moves (the first 45)
  arch/sub/g11-swapped.sgf game 1: 80 moves, turned 90 degrees anticlockwise, colours swapped
group 4: 2 copies of one game
  arch/hcp-mirrored.sgf game 1: 50 moves
  arch/hcp.sgf game 1: 50 moves, mirrored on the diagonal
OUT
pass=0
fail=0
if diff -u want out; then pass=$((pass + 1)); else echo "FAIL groups"; fail=$((fail + 1)); fi
if [ $rc -eq 5 ]; then pass=$((pass + 1)); else echo "FAIL exit status $rc"; fail=$((fail + 1)); fi
if [ "$(cat err)" = "sgftidy: 21 games, 4 group(s) of copies" ]; then pass=$((pass + 1)); else echo "FAIL summary: $(cat err)"; fail=$((fail + 1)); fi
# JSON: one line per group, the same members.
"$SGFTIDY" -R --format=json --duplicates arch >json 2>/dev/null
if [ "$(wc -l <json)" -eq 4 ] && python3 -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1])]' json 2>/dev/null; then
    pass=$((pass + 1))
else
    echo "FAIL json"; cat json; fail=$((fail + 1))
fi
sed -n 3p json | grep -q '^{"group":3,"games":\[{"file":"arch/g11-t0.sgf","game":1,"moves":80,"transform":"as written","colours_swapped":false},' &&
    pass=$((pass + 1)) || { echo "FAIL json first line"; fail=$((fail + 1)); }
# No copies: exit 0.
"$SGFTIDY" --duplicates arch/nine.sgf arch/thirteen.sgf >out 2>/dev/null
rc=$?
if [ $rc -eq 0 ] && [ ! -s out ]; then pass=$((pass + 1)); else echo "FAIL none: $rc"; fail=$((fail + 1)); fi
echo "duplicates: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
