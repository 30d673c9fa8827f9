#!/bin/sh
# options.sh - the command line: option letters and long options, the
# fatal messages of command-line and file faults, exit statuses, standard
# input and output, and the safety of outputs (nothing half-written,
# nothing written over an input after a critical message).
. "$(dirname "$0")/setup.sh"

pass=0
fail=0
# check NAME WANT_RC WANT_STDERR_FILE -- ARGS...: runs sgftidy in $TMPD.
check() {
    name=$1 want_rc=$2 want=$3
    shift 4
    (cd "$TMPD" && run "$@") >"$TMPD/stdout" 2>"$TMPD/stderr.raw"
    rc=$?
    # The time a batch took, at the end of its summary line, varies.
    sed 's/; [0-9]*\.[0-9][0-9] s$/; T s/' "$TMPD/stderr.raw" >"$TMPD/stderr"
    if [ "$rc" -ne "$want_rc" ]; then
        echo "FAIL $name: exit status $rc, expected $want_rc"
        cat "$TMPD/stderr"
        fail=$((fail + 1))
    elif ! printf '%s' "$want" | diff -u - "$TMPD/stderr"; then
        echo "FAIL $name: standard error differs"
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
}
# same NAME FILE EXPECTED_CONTENT: compares a file with a string.
same() {
    if printf '%s' "$3" | cmp -s - "$2"; then
        pass=$((pass + 1))
    else
        echo "FAIL $1: $2 holds:"
        cat "$2"
        fail=$((fail + 1))
    fi
}

nl='
'
good='(;FF[4]GM[1]SZ[9];B[aa];W[bb])'
norm="(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa];W[bb])$nl"
printf '%s\n' "$good" >"$TMPD/good.sgf"
printf '(;FF[4]GM[1]SZ[9];B[aa] junk ;W[bb])\n' >"$TMPD/bad.sgf"

# Fatal errors of the command line (SGFC's numbers), exit status 20.
check too-many-files 20 "sgftidy: fatal F1: too many file names on the command line: c.sgf$nl" -- good.sgf b.sgf c.sgf
check unknown-letter 20 "sgftidy: fatal F2: unknown command-line option 'x' (--help for help)$nl" -- -wx good.sgf
check no-input 20 "sgftidy: fatal F48: no input file given$nl" -- -w
check bad-l 20 "sgftidy: fatal F49: bad option argument: -l7: valid values are 1-4$nl" -- -l7 good.sgf
check bad-d 20 "sgftidy: fatal F49: bad option argument: -d99: no message has the number 99$nl" -- -d99 good.sgf
check bad-b 20 "sgftidy: fatal F49: bad option argument: -b0: valid values are 1, 2, 3$nl" -- -b0 good.sgf
check bad-y 20 "sgftidy: fatal F49: bad option argument: -yZZ: valid values are the identifiers of known properties, in uppercase letters (VW)$nl" -- -yZZ good.sgf
check bad-format 20 "sgftidy: fatal F49: bad option argument: --format=xml: valid values are default, sgfc, json, sarif, github, gitlab, checkstyle, junit; also text (the default) and auto (github in GitHub Actions, else the default)$nl" -- --format=xml good.sgf
check bad-mute 20 "sgftidy: fatal F49: bad option argument: --mute=NO_SUCH_KEY: names no message or rule$nl" -- --mute=NO_SUCH_KEY good.sgf
check bad-signature 20 "sgftidy: fatal F49: bad option argument: --signature=mirror: valid values are sgfc, symmetric$nl" -- --signature=mirror good.sgf
check strip-parse-only 20 "sgftidy: fatal F101: options conflict: --strip-analysis needs the checks: not with --parse-only or --duplicates$nl" -- --strip-analysis --parse-only good.sgf
check symmetric-duplicates 20 "sgftidy: fatal F101: options conflict: --signature=symmetric needs the checks: not with --parse-only or --duplicates$nl" -- --signature=symmetric --duplicates good.sgf
check unknown-long 20 "sgftidy: fatal F68: unknown command-line option '--versi'; did you mean '--version'? (--help for help)$nl" -- --versi good.sgf

# File faults.
check no-such-input 20 "missing.sgf: fatal F3: cannot open input file: No such file or directory$nl" -- missing.sgf
mkdir "$TMPD/dir.sgf"
check input-is-dir 20 "dir.sgf: fatal F3: cannot open input file: dir.sgf is a folder: use --check, --in-place, --outdir=DIR, --list-different, --diff or --duplicates (-R for subfolders)$nl" -- dir.sgf
check no-such-outdir 20 "good.sgf: fatal F26: cannot open output file: no/such/dir/out.sgf: No such file or directory$nl" -- -q good.sgf no/such/dir/out.sgf
if [ -w /dev/full ]; then
    (cd "$TMPD" && run -q good.sgf - >/dev/full 2>"$TMPD/stderr")
    rc=$?
    if [ $rc -eq 20 ] && grep -q 'fatal F27: cannot write output file: <stdout>' "$TMPD/stderr"; then
        pass=$((pass + 1))
    else
        echo "FAIL write-error: exit $rc"; cat "$TMPD/stderr"; fail=$((fail + 1))
    fi
fi

# Help and version go to standard output with status 0.
check help 0 "" -- --help
grep -q '^Usage: sgftidy \[OPTIONS\] INFILE \[OUTFILE\]' "$TMPD/stdout" && pass=$((pass + 1)) || { echo "FAIL help text"; fail=$((fail + 1)); }
check help-h 0 "" -- -h
check version 0 "" -- --version
same version-text "$TMPD/stdout" "sgftidy $(cat "$srcdir/VERSION")$nl"

# Standard input and output; the status line; -q.
(cd "$TMPD" && run - - <good.sgf >"$TMPD/o" 2>"$TMPD/e"); rc=$?
[ $rc -eq 0 ] && pass=$((pass + 1)) || { echo "FAIL stdin-stdout: exit $rc"; fail=$((fail + 1)); }
same stdin-stdout "$TMPD/o" "$norm"
same stdin-status "$TMPD/e" "<stdin>: OK$nl"
check quiet 0 "" -- -q good.sgf

# Chained options as SGFC has them: -w -d8 -c.
check chained 0 "" -- -qwd8c bad.sgf out.sgf
same chained-out "$TMPD/out.sgf" "$norm"

# The output formats of diagnostics.
check format-default 10 "bad.sgf:1:25: error E8 (critical): illegal characters outside values deleted: \"junk\"${nl}bad.sgf: 1 error(s)  (critical:1)$nl" -- bad.sgf
check format-sgfc 10 "bad.sgf: Line:1 Col:25 - Error 8 (critical): illegal characters outside values deleted: \"junk\"${nl}bad.sgf: 1 error(s)  (critical:1)$nl" -- --format=sgfc bad.sgf
check format-json 10 "{\"file\":\"bad.sgf\",\"line\":1,\"column\":25,\"offset\":24,\"severity\":\"error\",\"code\":8,\"key\":\"ILLEGAL_CHARS\",\"critical\":true,\"message\":\"illegal characters outside values deleted: \\\"junk\\\"\"}$nl" -- --format=json bad.sgf
check mute-key 0 "" -- -q --mute=ILLEGAL_CHARS bad.sgf

# Rewriting a file in place; a critical message leaves the input as it was
# and writes nothing (message 34), unless -c.
cp "$TMPD/good.sgf" "$TMPD/inplace.sgf"
chmod 640 "$TMPD/inplace.sgf"
check in-place 0 "" -- -q inplace.sgf inplace.sgf
same in-place-out "$TMPD/inplace.sgf" "$norm"
[ "$(stat -c %a "$TMPD/inplace.sgf")" = 640 ] && pass=$((pass + 1)) || { echo "FAIL in-place mode kept"; fail=$((fail + 1)); }
cp "$TMPD/bad.sgf" "$TMPD/keep.sgf"
check critical-kept 10 "keep.sgf:1:25: error E8 (critical): illegal characters outside values deleted: \"junk\"${nl}keep.sgf: error E34: output not written because of critical messages (-c writes it anyway)$nl" -- -q keep.sgf keep.sgf
cmp -s "$TMPD/bad.sgf" "$TMPD/keep.sgf" && pass=$((pass + 1)) || { echo "FAIL critical input changed"; fail=$((fail + 1)); }
(cd "$TMPD" && run -q bad.sgf - >"$TMPD/o" 2>/dev/null)
[ ! -s "$TMPD/o" ] && pass=$((pass + 1)) || { echo "FAIL critical output reached stdout"; fail=$((fail + 1)); }
left=$(find "$TMPD" -name '.*.sgf.*' | wc -l)
[ "$left" -eq 0 ] && pass=$((pass + 1)) || { echo "FAIL temporary files left behind"; fail=$((fail + 1)); }

# -s: one file per game tree, named after OUTFILE; nothing when critical.
printf '(;FF[4]GM[1];B[aa])(;FF[4]GM[1];W[bb])\n' >"$TMPD/two.sgf"
check split 0 "" -- -q -s two.sgf parts.sgf
same split-1 "$TMPD/parts_001.sgf" "(;FF[4]CA[UTF-8]GM[1];B[aa])$nl"
same split-2 "$TMPD/parts_002.sgf" "(;FF[4]CA[UTF-8]GM[1];W[bb])$nl"
[ ! -e "$TMPD/parts_003.sgf" ] && pass=$((pass + 1)) || { echo "FAIL split: a third file"; fail=$((fail + 1)); }
check split-critical 10 "bad.sgf:1:25: error E8 (critical): illegal characters outside values deleted: \"junk\"${nl}bad.sgf: error E34: output not written because of critical messages (-c writes it anyway)$nl" -- -q -s bad.sgf badparts
[ ! -e "$TMPD/badparts_001.sgf" ] && pass=$((pass + 1)) || { echo "FAIL split wrote after a critical message"; fail=$((fail + 1)); }
check split-no-outfile 20 "sgftidy: fatal F101: options conflict: -s needs an OUTFILE to name the files after$nl" -- -s two.sgf

# Two names are SGFC's INFILE OUTFILE: an OUTFILE that holds other games
# is left byte for byte as it was (message 111, status 20); a new file,
# an earlier output of INFILE (whatever options wrote it, a comment added
# since, moves added to INFILE since), INFILE itself, an empty file or
# one without SGF data are written; --overwrite writes over anything.
mkdir "$TMPD/two"
printf '(;FF[4]GM[1]SZ[19]PB[Ann]PW[Bob];B[pd];W[dp];B[pq];W[dd])\n' >"$TMPD/two/a.sgf"
printf '(;FF[4]GM[1]SZ[19]PB[Cid]PW[Dan];B[qd];W[dc];B[pq])\n' >"$TMPD/two/b.sgf"
cp "$TMPD/two/b.sgf" "$TMPD/b.orig"
norm_a="(;FF[4]CA[UTF-8]GM[1]SZ[19]${nl}PB[Ann]${nl}PW[Bob]${nl};B[pd];W[dp];B[pq];W[dd])$nl"
refused() { # refused IN OUT: the exact message 111 for IN OUT
    printf '%s: fatal F111: output file is an SGF record of other games, not an earlier output of the input: %s left as it is (sgftidy --check %s %s checks both files; --overwrite replaces it)\n' "$1" "$2" "$1" "$2"
}
check two-names 20 "$(refused two/a.sgf two/b.sgf)$nl" -- two/a.sgf two/b.sgf
cmp -s "$TMPD/b.orig" "$TMPD/two/b.sgf" && pass=$((pass + 1)) || { echo "FAIL two-names: b.sgf changed"; fail=$((fail + 1)); }
(cd "$TMPD/two" && run *.sgf) >/dev/null 2>"$TMPD/e"; rc=$?
[ $rc -eq 20 ] && same two-names-glob "$TMPD/e" "$(refused a.sgf b.sgf)$nl" || { echo "FAIL two-names-glob: exit $rc"; fail=$((fail + 1)); }
cmp -s "$TMPD/b.orig" "$TMPD/two/b.sgf" && pass=$((pass + 1)) || { echo "FAIL two-names-glob: b.sgf changed"; fail=$((fail + 1)); }
left=$(find "$TMPD/two" -name '.*' | wc -l)
[ "$left" -eq 0 ] && pass=$((pass + 1)) || { echo "FAIL two-names: temporary files left behind"; fail=$((fail + 1)); }
check two-names-quiet 20 "$(refused two/a.sgf two/b.sgf)$nl" -- -q two/a.sgf two/b.sgf
check new-file 0 "two/a.sgf: OK  (written)$nl" -- two/a.sgf two/c.sgf
same new-file-out "$TMPD/two/c.sgf" "$norm_a"
check own-output 0 "two/a.sgf: OK  (unchanged)$nl" -- two/a.sgf two/c.sgf
sed 's/;B\[pd\]/;B[pd]C[my note]/' "$TMPD/two/c.sgf" >"$TMPD/two/t" && mv "$TMPD/two/t" "$TMPD/two/c.sgf"
check own-output-edited 0 "two/a.sgf: OK  (changed)$nl" -- two/a.sgf two/c.sgf
same own-output-edited-out "$TMPD/two/c.sgf" "$norm_a"
check in-place-two 0 "" -- -q two/a.sgf two/a.sgf
same in-place-two-out "$TMPD/two/a.sgf" "$norm_a"
printf '(;FF[4]GM[1]SZ[19]PB[Ann]PW[Bob];B[pd];W[dp];B[pq];W[dd];B[dq];W[cq])\n' >"$TMPD/two/a.sgf"
check input-went-on 0 "" -- -q two/a.sgf two/c.sgf
printf '(;FF[4]GM[1]SZ[19]PB[Ann]PW[Bob];B[pd];W[dp])\n' >"$TMPD/two/short.sgf"
cp "$TMPD/two/c.sgf" "$TMPD/c.orig"
check output-went-on 20 "$(refused two/short.sgf two/c.sgf)$nl" -- two/short.sgf two/c.sgf
cmp -s "$TMPD/c.orig" "$TMPD/two/c.sgf" && pass=$((pass + 1)) || { echo "FAIL output-went-on: c.sgf changed"; fail=$((fail + 1)); }
# Options that change the output: an output of either is an earlier one.
printf '(;FF[4]GM[1]SZ[19]HA[2]PB[Eve]PW[Fay];B[dp];B[pd];W[qp]LZ[x];B[oq](;W[dd])(;W[cc]))\n' >"$TMPD/two/h.sgf"
check fix-handicap-first 0 "" -- -qw -d132 -d133 -d140 --fix-handicap --strip-analysis two/h.sgf two/ho.sgf
grep -q '^AB\[dp\]\[pd\]' "$TMPD/two/ho.sgf" && pass=$((pass + 1)) || { echo "FAIL fix-handicap-first: no AB"; fail=$((fail + 1)); }
check fix-handicap-not 0 "" -- -qw -d132 two/h.sgf two/ho.sgf
check fix-handicap-again 0 "" -- -qw -d133 --fix-handicap two/h.sgf two/ho.sgf
check reversed 0 "" -- -qwz -d132 two/h.sgf two/ho.sgf
check reversed-not 0 "" -- -qw -d132 -t -p two/h.sgf two/ho.sgf
# A link is followed: to another game it is refused, to INFILE in place.
ln -s b.sgf "$TMPD/two/to-b.sgf"
check link-other 20 "$(refused two/short.sgf two/to-b.sgf)$nl" -- -q two/short.sgf two/to-b.sgf
cmp -s "$TMPD/b.orig" "$TMPD/two/b.sgf" && [ -L "$TMPD/two/to-b.sgf" ] && pass=$((pass + 1)) || { echo "FAIL link-other: b.sgf changed"; fail=$((fail + 1)); }
ln -s h.sgf "$TMPD/two/to-h.sgf"
check link-input 0 "" -- -qw -d132 two/h.sgf two/to-h.sgf
# Written over as before: an empty file, one without SGF data.
: >"$TMPD/two/empty.sgf"
check empty-outfile 0 "" -- -q two/short.sgf two/empty.sgf
printf 'notes, no game\n' >"$TMPD/two/notes.sgf"
check text-outfile 0 "" -- -q two/short.sgf two/notes.sgf
same text-outfile-out "$TMPD/two/notes.sgf" "(;FF[4]CA[UTF-8]GM[1]SZ[19]${nl}PB[Ann]${nl}PW[Bob]${nl};B[pd];W[dp])$nl"
# An INFILE that cannot be run says its own fault; OUTFILE keeps its content.
printf 'no game here\n' >"$TMPD/two/nogame.sgf"
check no-sgf-input 20 "two/nogame.sgf: fatal F7: no SGF data found$nl" -- -q two/nogame.sgf two/b.sgf
cmp -s "$TMPD/b.orig" "$TMPD/two/b.sgf" && pass=$((pass + 1)) || { echo "FAIL no-sgf-input: b.sgf changed"; fail=$((fail + 1)); }
# A collection: the output may hold fewer games, not more.
cat "$TMPD/two/short.sgf" "$TMPD/b.orig" >"$TMPD/two/both.sgf"
check collection-fewer 0 "" -- -q two/both.sgf two/short-out.sgf
cp "$TMPD/two/short.sgf" "$TMPD/two/short-out.sgf"
check collection-fewer-again 0 "" -- -q two/both.sgf two/short-out.sgf
cp "$TMPD/two/both.sgf" "$TMPD/both.orig"
check collection-more 20 "$(refused two/short.sgf two/both.sgf)$nl" -- -q two/short.sgf two/both.sgf
cmp -s "$TMPD/both.orig" "$TMPD/two/both.sgf" && pass=$((pass + 1)) || { echo "FAIL collection-more: both.sgf changed"; fail=$((fail + 1)); }
# -s: the file of each game tree.
check split-own 0 "" -- -q -s two/both.sgf two/part.sgf
check split-own-again 0 "" -- -q -s two/both.sgf two/part.sgf
cp "$TMPD/two/part_001.sgf" "$TMPD/two/part_002.sgf"
cp "$TMPD/two/part_002.sgf" "$TMPD/part2.orig"
check split-other 20 "$(refused two/both.sgf two/part_002.sgf)$nl" -- -q -s two/both.sgf two/part.sgf
cmp -s "$TMPD/part2.orig" "$TMPD/two/part_002.sgf" && pass=$((pass + 1)) || { echo "FAIL split-other: part_002.sgf changed"; fail=$((fail + 1)); }
# --overwrite: written all the same; refused where it means nothing.
check overwrite 0 "two/a.sgf: OK  (changed)$nl" -- --overwrite two/a.sgf two/b.sgf
cmp -s "$TMPD/two/a.sgf" "$TMPD/two/b.sgf" || { "$SGFTIDY" -q "$TMPD/two/a.sgf" - | cmp -s - "$TMPD/two/b.sgf"; } && pass=$((pass + 1)) || { echo "FAIL overwrite: b.sgf not replaced"; fail=$((fail + 1)); }
check overwrite-split 0 "" -- -q --overwrite -s two/both.sgf two/part.sgf
check overwrite-one-name 20 "sgftidy: fatal F101: options conflict: --overwrite goes with INFILE OUTFILE$nl" -- --overwrite two/a.sgf
check overwrite-batch 20 "sgftidy: fatal F101: options conflict: --overwrite goes with INFILE OUTFILE$nl" -- --overwrite --check two/a.sgf two/b.sgf
check explain-111 0 "" -- --explain=111
grep -q '^Message 111, OUTPUT_OTHER_GAME: fatal$' "$TMPD/stdout" && grep -q -- '--overwrite replaces OUTFILE' "$TMPD/stdout" && pass=$((pass + 1)) || { echo "FAIL explain-111"; cat "$TMPD/stdout"; fail=$((fail + 1)); }

# Batch mode: folders of .sgf files (-R with subfolders), the worst
# status over all files; in place; into another folder.
mkdir -p "$TMPD/tree/sub"
printf '(;FF[4]GM[1];B[aa])\n' >"$TMPD/tree/a.sgf"
printf '(;FF[4]GM[1];B[aa]XY[1])\n' >"$TMPD/tree/sub/b.SGF"
printf 'not a game' >"$TMPD/tree/sub/notes.txt"
# A clean file of a batch gets no status line (--show-ok: it does).
check batch-flat 0 "sgftidy: 1 file: 1 OK; T s$nl" -- --check tree
check batch-flat-show-ok 0 "tree/a.sgf: OK${nl}sgftidy: 1 file: 1 OK; T s$nl" -- --check --show-ok tree
check batch-recursive 5 "tree/sub/b.SGF:1:19: warning W35: unknown property <XY> kept${nl}tree/sub/b.SGF: 1 warning(s)${nl}sgftidy: 2 files: 1 OK, 1 with warnings; T s$nl" -- -R --check tree
check batch-recursive-show-ok 5 "tree/a.sgf: OK${nl}tree/sub/b.SGF:1:19: warning W35: unknown property <XY> kept${nl}tree/sub/b.SGF: 1 warning(s)${nl}sgftidy: 2 files: 1 OK, 1 with warnings; T s$nl" -- -R --check --show-ok tree
check show-ok-quiet 20 "sgftidy: fatal F101: options conflict: --show-ok and -q exclude each other$nl" -- --check --show-ok -q tree
check batch-outdir 0 "" -- -qwR --outdir=copy tree
same batch-outdir-a "$TMPD/copy/tree/a.sgf" "(;FF[4]CA[UTF-8]GM[1];B[aa])$nl"
same batch-outdir-b "$TMPD/copy/tree/sub/b.SGF" "(;FF[4]CA[UTF-8]GM[1];B[aa]XY[1])$nl"
check batch-in-place 0 "" -- -qwR --in-place tree
same batch-in-place-a "$TMPD/tree/a.sgf" "(;FF[4]CA[UTF-8]GM[1];B[aa])$nl"
same batch-in-place-txt "$TMPD/tree/sub/notes.txt" "not a game"
# --help fits a terminal of 80 columns.
run --help >"$TMPD/help"
awk 'length > 79' "$TMPD/help" >"$TMPD/wide"
same help-width "$TMPD/wide" ""
check batch-conflict 20 "sgftidy: fatal F101: options conflict: --check, --in-place, --outdir and --duplicates exclude each other$nl" -- --check --in-place tree
mkdir "$TMPD/empty"
check batch-none 0 "sgftidy: no game records (sgf,gib,ngf,ugf,ugi) in the paths given (-R takes subfolders too)$nl" -- --check empty

# -R passes over hidden folders below the paths given (a hidden folder
# named is walked); --exclude leaves out what the walk meets, never a
# path named.
mkdir -p "$TMPD/wk/.git" "$TMPD/wk/.hid" "$TMPD/wk/sub/deep" "$TMPD/wk/build" "$TMPD/wk/cf"
printf '(;FF[4]GM[1];B[aa])\n' >"$TMPD/wk/a.sgf"
printf '(;FF[4]GM[1];B[aa]XY[1])\n' >"$TMPD/wk/.hid/h.sgf"
printf '(;FF[4]GM[1];B[aa]XY[1])\n' >"$TMPD/wk/.git/g.sgf"
printf '(;FF[4]GM[1];B[aa]XY[1])\n' >"$TMPD/wk/.dot.sgf"
printf '(;FF[4]GM[1];B[aa]XY[1])\n' >"$TMPD/wk/sub/w.sgf"
printf '(;FF[4]GM[1];B[aa]XY[1])\n' >"$TMPD/wk/sub/deep/d.sgf"
printf '(;FF[4]GM[1];B[aa]XY[1])\n' >"$TMPD/wk/build/x.sgf"
printf 'mute = UNKNOWN_PROP\n' >"$TMPD/wk/cf/.sgftidy"
w35() { printf '%s:1:19: warning W35: unknown property <XY> kept\n%s: 1 warning(s)\n' "$1" "$1"; }
check walk-hidden 5 "$(w35 wk/.dot.sgf)$nl$(w35 wk/build/x.sgf)$nl$(w35 wk/sub/w.sgf)$nl$(w35 wk/sub/deep/d.sgf)${nl}sgftidy: 5 files: 1 OK, 4 with warnings; T s$nl" -- -R --check wk
check walk-hidden-named 5 "$(w35 wk/.hid/h.sgf)${nl}sgftidy: 1 file: 1 with warnings; T s$nl" -- -R --check wk/.hid
check exclude-name 5 "$(w35 wk/sub/w.sgf)$nl$(w35 wk/sub/deep/d.sgf)${nl}sgftidy: 3 files: 1 OK, 2 with warnings; T s$nl" -- -R --check --exclude=build --exclude='.*.sgf' wk
check exclude-path 5 "$(w35 wk/.dot.sgf)$nl$(w35 wk/build/x.sgf)$nl$(w35 wk/sub/w.sgf)${nl}sgftidy: 4 files: 1 OK, 3 with warnings; T s$nl" -- -R --check --exclude='wk/sub/d*' wk
check exclude-dot-slash 5 "$(w35 ./wk/.dot.sgf)$nl$(w35 ./wk/build/x.sgf)${nl}sgftidy: 3 files: 1 OK, 2 with warnings; T s$nl" -- -R --check --exclude=wk/sub ./wk
check exclude-star-slash 5 "$(w35 wk/.dot.sgf)$nl$(w35 wk/sub/w.sgf)$nl$(w35 wk/sub/deep/d.sgf)${nl}sgftidy: 4 files: 1 OK, 3 with warnings; T s$nl" -- -R --check '--exclude=*/build/*' wk
check exclude-named 5 "$(w35 wk/sub/w.sgf)${nl}sgftidy: 1 file: 1 with warnings; T s$nl" -- --check '--exclude=*.sgf' wk/sub/w.sgf
check exclude-alone 20 "sgftidy: fatal F101: options conflict: --exclude goes with a batch mode (--check, --in-place, --outdir=DIR, --list-different, --diff or --duplicates) or --stdin-filename$nl" -- --exclude=x good.sgf
check help-exclude 0 "" -- --help
grep -q -- "--exclude=GLOB" "$TMPD/stdout" && grep -q -- "--stdin-filename=NAME" "$TMPD/stdout" && pass=$((pass + 1)) || { echo "FAIL help-exclude"; fail=$((fail + 1)); }

# --statistics: the count of each message, the most frequent first, then
# by number; a JSON record; refused where a document has no place.
printf '(;FF[4]GM[1];B[aa]XY[1]XZ[2] junk )\n' >"$TMPD/wk/sub/two.sgf"
check statistics 10 "wk/sub/two.sgf:1:30: error E8 (critical): illegal characters outside values deleted: \"junk\"${nl}wk/sub/two.sgf:1:19: warning W35: unknown property <XY> kept${nl}wk/sub/two.sgf:1:24: warning W35: unknown property <XZ> kept${nl}wk/sub/two.sgf: 1 error(s)  2 warning(s)  (critical:1)$nl$(w35 wk/sub/w.sgf)${nl}3  W35  UNKNOWN_PROP   unknown property <...> ...${nl}1  E8   ILLEGAL_CHARS  illegal characters outside values deleted: \"...\"${nl}sgftidy: 2 files: 1 with warnings, 1 with errors; T s$nl" -- --check --statistics wk/sub/two.sgf wk/sub/w.sgf
(cd "$TMPD" && run --check --statistics --format=json -q wk/sub/two.sgf wk/sub/w.sgf) 2>"$TMPD/stderr"
grep '^{"statistics"' "$TMPD/stderr" >"$TMPD/stats"
same statistics-json-record "$TMPD/stats" '{"statistics":[{"code":35,"severity":"warning","key":"UNKNOWN_PROP","count":3},{"code":8,"severity":"error","key":"ILLEGAL_CHARS","count":1}]}'"$nl"
check statistics-single 5 "$(w35 wk/sub/w.sgf)${nl}1  W35  UNKNOWN_PROP  unknown property <...> ...$nl" -- --statistics wk/sub/w.sgf
(cd "$TMPD" && run --check --statistics --format=sarif wk/sub/w.sgf) 2>"$TMPD/stderr"
[ $? -eq 20 ] && grep -q '"options conflict: --statistics prints lines, or a JSON record with --format=json: not --format=sarif, a document of its own"' "$TMPD/stderr" && pass=$((pass + 1)) || { echo "FAIL statistics-sarif: not refused so"; fail=$((fail + 1)); }
rm "$TMPD/wk/sub/two.sgf"

# --stdin-filename: standard input under NAME in messages, its
# configuration from NAME's folder; NAME excluded: passed through
# unchanged, nothing reported.
printf '(;FF[4]GM[1];B[aa]XY[1])\n' >"$TMPD/warn.in"
check stdin-name 5 "$(w35 wk/sub/in.sgf)$nl" -- --stdin-filename=wk/sub/in.sgf - <"$TMPD/warn.in"
check stdin-name-config 0 "wk/cf/in.sgf: OK  (1 message(s) ignored)$nl" -- --stdin-filename=wk/cf/in.sgf - <"$TMPD/warn.in"
check stdin-name-batch 5 "$(w35 wk/sub/in.sgf)${nl}sgftidy: 1 file: 1 with warnings; T s$nl" -- --check --stdin-filename=wk/sub/in.sgf - <"$TMPD/warn.in"
check stdin-name-list 1 "wk/a.sgf: OK${nl}sgftidy: 1 file: 1 OK; 1 not in normal form (--in-place rewrites them); T s$nl" -- --list-different --stdin-filename=wk/a.sgf - <"$TMPD/wk/a.sgf"
same stdin-name-list-out "$TMPD/stdout" "wk/a.sgf$nl"
# (a folder on NAME's way excluded, as the walk would not enter it)
check stdin-excluded-in-place 0 "" -- --in-place --exclude=sub --stdin-filename=wk/sub/in.sgf - <"$TMPD/warn.in"
same stdin-excluded-in-place-out "$TMPD/stdout" "(;FF[4]GM[1];B[aa]XY[1])$nl"
check stdin-excluded-single 0 "" -- --exclude='*.sgf' --stdin-filename=in.sgf - - <"$TMPD/warn.in"
same stdin-excluded-single-out "$TMPD/stdout" "(;FF[4]GM[1];B[aa]XY[1])$nl"
check stdin-excluded-check 0 "" -- --check --exclude='*.sgf' --stdin-filename=in.sgf - <"$TMPD/warn.in"
same stdin-excluded-check-out "$TMPD/stdout" ""
check stdin-excluded-others 5 "$(w35 wk/sub/w.sgf)${nl}sgftidy: 1 file: 1 with warnings; T s$nl" -- --check --exclude='in.sgf' --stdin-filename=in.sgf - wk/sub/w.sgf <"$TMPD/warn.in"
check stdin-excluded-outfile 20 "sgftidy: fatal F101: options conflict: --stdin-filename: NAME is left out by --exclude, and OUTFILE would not be written: give - as OUTFILE$nl" -- --exclude='*.sgf' --stdin-filename=in.sgf - out.sgf <"$TMPD/warn.in"
check stdin-name-no-stdin 20 "sgftidy: fatal F101: options conflict: --stdin-filename names standard input: give - as INFILE or as a PATH$nl" -- --stdin-filename=x.sgf good.sgf

# -i asks on the terminal; without one it is refused, never blocked.
printf '(;FF[4]GM[1]SZ[19]DT[sometime]RE[he won]KM[lots];B[aa])\n' >"$TMPD/ask.sgf"
if command -v setsid >/dev/null 2>&1; then
    (cd "$TMPD" && setsid "$SGFTIDY" -i ask.sgf </dev/null >/dev/null 2>"$TMPD/e"); rc=$?
    [ $rc -eq 20 ] && same no-tty "$TMPD/e" "sgftidy: fatal F101: options conflict: -i needs a terminal to ask on$nl" || { echo "FAIL no-tty: exit $rc"; fail=$((fail + 1)); }
fi
if command -v script >/dev/null 2>&1 && script -qec true /dev/null >/dev/null 2>&1; then
    # Answers: delete DT; for RE first a value that cannot be read, then
    # one that can; keep KM (an empty answer).
    (cd "$TMPD" && printf 'd\nnonsense\nB+R\n\n' |
        script -qec "'$SGFTIDY' -i ask.sgf asked.sgf" /dev/null >/dev/null 2>&1)
    same interactive "$TMPD/asked.sgf" "(;FF[4]CA[UTF-8]GM[1]SZ[19]${nl}KM[lots]${nl}RE[B+R]${nl};B[aa])$nl"
fi

echo "options: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
