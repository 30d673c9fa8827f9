#!/bin/sh
# walk.sh - the promises of sgftidy(1), FILES, -R and --outdir, when
# another program swaps a folder for a symbolic link during a run:
# nothing is read, created or written outside the tree given or DIR.
# Each swap is made at one exact point by the test build's hooks
# (src/hook.h): "walked" after the walk, "job" before a job of the batch
# opens its files, "input-opened" once a file's folder and file are open.
. "$(dirname "$0")/setup.sh"

need_hooked
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
temps() { find . -name '.*.??????' | head -n 5; }
# The outside folder as it is: its listing and checksums.
outside() { (cd elsewhere && ls -lAR . | sed 's/ [A-Z][a-z][a-z] .* / /' && find . -type f -exec cksum {} +); }
summary() { grep '^sgftidy: ' err | sed 's/; [0-9]*\.[0-9][0-9] s$//'; }
# held CASE STATUS: nothing outside changed, the exit status STATUS, and
# no temporary file left.
held() {
    if [ "$before" = "$(outside)" ]; then ok; else bad "outside untouched$1" "$(outside)"; fi
    if [ $rc -eq "$2" ]; then ok; else bad "status$1" "$rc $(cat err)"; fi
    if [ -z "$(temps)" ]; then ok; else bad "no temporary file$1" "$(temps)"; fi
}
# written CASE FILE: FILE holds the normalized game.
written() {
    if [ "$(cat "$2" 2>/dev/null)" = "$norm" ]; then ok; else
        bad "written in its folder$1" "$(ls -R "${2%%/*}")"; fi
}

cd "$TMPD" || exit 99
printf '(;FF[4]GM[1]SZ[19]PB[Black];B[pd] ;W[dp])\n' >game.sgf
norm=$("$SGFTIDY" -q game.sgf -)
fresh() {
    rm -rf D OUT elsewhere D.away
    mkdir -p D/sub elsewhere/sub
    cp game.sgf D/sub/f.sgf
    cp game.sgf D/a.sgf
    cp game.sgf elsewhere/f.sgf
    cp game.sgf elsewhere/sub/f.sgf
    before=$(outside)
}
swap_in='[ "$0" = job ] && [ "$1" != D/sub/f.sgf ] && exit 0; mv D/sub D/sub.away && ln -s "$PWD/elsewhere" D/sub'
swap_out='[ "$0" = job ] && [ "$1" != D/sub/f.sgf ] && exit 0; mv OUT/D/sub OUT/D/sub.away && ln -s "$PWD/elsewhere" OUT/D/sub'
refused='D/sub/f.sgf: fatal F3: cannot open input file: the folder D/sub was replaced by a symbolic link after it was walked: not read'

# --- 1. --in-place -R: the folder swapped after the walk -------------------
for jobs in "" "-j 2"; do
    # after the walk: the folder is not the one walked; refused
    fresh
    # shellcheck disable=SC2086
    hooked walked "$swap_in" $jobs --in-place -R D
    case=" [$jobs --in-place -R, walked]"
    held "$case" 20
    if grep -qxF "$refused" err; then ok; else bad "message$case" "$(cat err)"; fi
    if cmp -s D/sub.away/f.sgf game.sgf; then ok; else bad "left as it is$case" "$(cat D/sub.away/f.sgf)"; fi
    if [ "$(summary)" = "sgftidy: 2 files: 1 OK, 1 failed; 1 changed; 1 skipped (1 unreadable)" ]; then ok; else
        bad "summary$case" "$(summary)"; fi
    # once its job has its folder: the folder walked is written, wherever it is
    fresh
    # shellcheck disable=SC2086
    hooked job "$swap_in" $jobs --in-place -R D
    case=" [$jobs --in-place -R, job]"
    held "$case" 0
    written "$case" D/sub.away/f.sgf
done

# --- 2. --in-place of a file named: its folder opened once -----------------
for jobs in "" "-j 2"; do
    fresh
    # shellcheck disable=SC2086
    hooked input-opened "$swap_in" $jobs --in-place D/sub/f.sgf D/a.sgf
    case=" [$jobs --in-place named]"
    held "$case" 0
    written "$case" D/sub.away/f.sgf
done

# --- 3. --outdir: OUT/sub swapped during the run ---------------------------
for jobs in "" "-j 2"; do
    fresh
    mkdir -p OUT/D/sub
    # shellcheck disable=SC2086
    hooked job "$swap_out" $jobs --outdir OUT -R D
    case=" [$jobs --outdir, job]"
    held "$case" 0
    written "$case" OUT/D/sub.away/f.sgf
    # the swap after the walk: refused (the folder is a link now), and
    # nothing made through it
    fresh
    mkdir -p OUT/D/sub
    # shellcheck disable=SC2086
    hooked walked "$swap_out" $jobs --outdir OUT -R D
    case=" [$jobs --outdir, walked]"
    held "$case" 20
    if grep -qxF "D/sub/f.sgf: fatal F106: output file refused: OUT/D/sub/f.sgf: its folder OUT/D/sub is a symbolic link, which is never followed under the output folder" err; then ok; else
        bad "message$case" "$(cat err)"; fi
done
# OUT/D already a link out: refused, no folder made through it
fresh
mkdir OUT
ln -s "$PWD/elsewhere" OUT/D
"$SGFTIDY" --outdir OUT -R D 2>err; rc=$?
if [ "$before" = "$(outside)" ]; then ok; else bad "outdir link: outside untouched" "$(outside)"; fi
if [ $rc -eq 20 ]; then ok; else bad "outdir link: status" "$rc"; fi
if [ "$(grep -c 'its folder OUT/D is a symbolic link, which is never followed' err)" -eq 2 ]; then ok; else
    bad "outdir link: messages" "$(cat err)"; fi

# --- 4. symbolic links under -R: counted in the summary --------------------
fresh
ln -s ../a.sgf D/sub/l.sgf
ln -s ../game.sgf D/m.sgf
ln -s "$PWD/elsewhere" D/out
"$SGFTIDY" --check -R D 2>err; rc=$?
if [ $rc -eq 0 ]; then ok; else bad "links: status" "$rc"; fi
if [ "$(summary)" = "sgftidy: 2 files: 2 OK; 3 symbolic links not followed (2 to files, 1 to a folder: a walk follows none)" ]; then ok; else
    bad "links: summary" "$(summary)"; fi
"$SGFTIDY" --check --format=json -R D >out 2>&1
if grep -qF '"links_not_followed":{"files":2,"folders":1}' out; then ok; else bad "links: json" "$(cat out)"; fi
"$SGFTIDY" --check D 2>err
if [ "$(summary)" = "sgftidy: 1 file: 1 OK; 1 symbolic link not followed (1 to a file: a walk follows none)" ]; then ok; else
    bad "links: no -R" "$(summary)"; fi

# --- 5. a tree deeper than PATH_MAX ----------------------------------------
rm -rf deep
mkdir deep
# (made 20 folders at a time: a shell's cd keeps the whole path)
step=$(i=0; while [ $i -lt 20 ]; do printf 'abcdefghijklmnopqrst/'; i=$((i + 1)); done)
(cd -P deep && i=0 && while [ $i -lt 12 ]; do
    mkdir -p "$step" && cd -P "$step" || exit 1; i=$((i + 1)); done &&
    cp "$TMPD/game.sgf" g.sgf) || bad "deep tree" "cannot be made"
"$SGFTIDY" --check -R deep 2>err; rc=$?
if [ $rc -eq 0 ]; then ok; else bad "deep tree: status" "$rc $(tail -c 300 err)"; fi
if [ "$(summary)" = "sgftidy: 1 file: 1 OK" ]; then ok; else bad "deep tree: summary" "$(summary)"; fi
find deep -depth -delete 2>/dev/null || :

echo "walk: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
