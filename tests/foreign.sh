#!/bin/sh
# foreign.sh - records of other formats on the command line (sgftidy(1),
# OTHER RECORD FORMATS): read by their content whatever their names, from
# a file or standard input; folders give them by --extensions; --outdir
# writes NAME.sgf for them; a record is never rewritten in its place
# (message 151), by --in-place or as its own OUTFILE.
. "$(dirname "$0")/setup.sh"

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
# is CASE WANT GOT
is() { if [ "$2" = "$3" ]; then ok; else bad "$1" "expected [$2], got [$3]"; fi; }
summary() { grep '^sgftidy: ' err | sed 's/; [0-9]*\.[0-9][0-9] s$//'; }

cd "$TMPD" || exit 99
# A PandaNet record of eight moves.
cat >game.ugf <<'EOF'
[Header]
Lang=UTF8
Size=19
Hdcp=0,6.50
Winner=B,3.50
PlayerB=Aoki,3d,,
PlayerW=Baba,2d,,
CoordinateType=JPN
[Data]
QD,B1,1,0
DD,W1,2,0
PQ,B1,3,0
DQ,W1,4,0
EOF
want='(;FF[4]CA[UTF-8]GM[1]SZ[19]
PB[Aoki]
BR[3d]
PW[Baba]
WR[2d]
KM[6.5]
RE[B+3.5]
;B[qd];W[dd];B[pq];W[dq])'
printf '(;FF[4]GM[1]SZ[19];B[pd];W[dp])\n' >plain.sgf
cp game.ugf keep.ugf

# --- 1. one file, by its content -------------------------------------------
run game.ugf out.sgf 2>err
rc=$?
is "INFILE OUTFILE: status" 0 $rc
is "INFILE OUTFILE: output" "$want" "$(cat out.sgf)"
is "INFILE OUTFILE: messages" "game.ugf: info I145: read as a PandaNet UGF record and converted to SGF
game.ugf: OK  (written)" "$(cat err)"
# whatever its name, and from standard input
cp game.ugf named.txt
run -q named.txt - >out 2>err
is "named .txt: output" "$want" "$(cat out)"
run -q - - <game.ugf >out 2>err
is "standard input: output" "$want" "$(cat out)"

# --- 2. never rewritten in its place -------------------------------------
run game.ugf game.ugf 2>err
rc=$?
is "its own OUTFILE: status" 20 $rc
if grep -q '^game.ugf: fatal F151: not rewritten in place: the input is a PandaNet UGF record' err; then ok; else
    bad "its own OUTFILE: message 151" "$(cat err)"; fi
if cmp -s game.ugf keep.ugf; then ok; else bad "its own OUTFILE: left as it is" "$(cat game.ugf)"; fi
run --in-place game.ugf 2>err
rc=$?
is "--in-place FILE: status" 20 $rc
if grep -q '^game.ugf: fatal F151: ' err; then ok; else bad "--in-place FILE: message 151" "$(cat err)"; fi
if cmp -s game.ugf keep.ugf; then ok; else bad "--in-place FILE: left as it is" "$(cat game.ugf)"; fi
if [ -z "$(find . -name '.*.??????')" ]; then ok; else bad "no temporary file" "$(ls -A)"; fi

# --- 3. folders ----------------------------------------------------------
rm -rf D OUT
mkdir -p D/sub
cp game.ugf D/sub/g.ugf
cp game.ugf D/G.UGI
cp plain.sgf D/a.sgf
cp plain.sgf D/notes.txt
run -R --check --show-ok D 2>err
rc=$?
is "--check -R: status" 0 $rc
is "--check -R: files" "D/G.UGI
D/a.sgf
D/sub/g.ugf" "$(grep -o '^[^:]*: OK' err | sed 's/: OK$//')"
run -R --check --show-ok --extensions=sgf D 2>err
is "--extensions=sgf: files" "D/a.sgf" "$(grep -o '^[^:]*: OK' err | sed 's/: OK$//')"
run -R --check --show-ok --extensions=txt,UGF D 2>err
is "--extensions=txt,UGF: files" "D/notes.txt
D/sub/g.ugf" "$(grep -o '^[^:]*: OK' err | sed 's/: OK$//')"
# --in-place: .sgf files only, unless --extensions names others
run -R --in-place D 2>err
rc=$?
is "--in-place -R: status" 0 $rc
is "--in-place -R: files" "D/a.sgf" "$(grep -o '^[^:]*: OK' err | sed 's/: OK$//')"
if cmp -s D/sub/g.ugf keep.ugf; then ok; else bad "--in-place -R: record left as it is" "$(cat D/sub/g.ugf)"; fi
run -R --in-place --extensions=ugf D 2>err
rc=$?
is "--in-place --extensions=ugf: status" 20 $rc
if grep -q '^D/sub/g.ugf: fatal F151: ' err; then ok; else bad "--in-place --extensions=ugf: message 151" "$(cat err)"; fi
if cmp -s D/sub/g.ugf keep.ugf; then ok; else bad "--in-place --extensions=ugf: left as it is" "$(cat D/sub/g.ugf)"; fi
# --outdir: NAME.sgf
run -R --outdir=OUT D 2>err
rc=$?
is "--outdir: status" 0 $rc
is "--outdir: files written" "OUT/D/G.sgf
OUT/D/a.sgf
OUT/D/sub/g.sgf" "$(find OUT -type f | sort)"
is "--outdir: output" "$want" "$(cat OUT/D/sub/g.sgf)"
# two inputs of one output: the second is refused
rm -rf OUT
cp plain.sgf D/sub/g.sgf
run -R --outdir=OUT D/sub 2>err
rc=$?
is "--outdir, one output for two: status" 20 $rc
if grep -q '^D/sub/g.ugf: fatal F106: output file refused: OUT/D/sub/g.sgf: written already for another input file' err; then ok; else
    bad "--outdir, one output for two: message 106" "$(cat err)"; fi
is "--outdir, one output for two: the first kept" "$("$SGFTIDY" -q plain.sgf -)" "$(cat OUT/D/sub/g.sgf)"

# --- 4. --extensions refused ---------------------------------------------
for v in "" ".sgf" "sgf," "sgf,,gib" "s*f"; do
    run --check --extensions="$v" D >out 2>err
    rc=$?
    is "--extensions=$v: status" 20 $rc
    if grep -q 'F49' err; then ok; else bad "--extensions=$v: message 49" "$(cat err)"; fi
done

echo "foreign: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
