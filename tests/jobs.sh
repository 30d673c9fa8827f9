#!/bin/sh
# jobs.sh - --jobs: a batch run with several jobs prints the same bytes
# (standard output, standard error in every --format), writes the same
# files and ends with the same exit status as with one job, on a set of
# files with warnings, errors, critical and fatal ones, unchanged ones,
# one with enough messages to be held in a temporary file, a folder with
# a broken configuration file, and outputs that collide; and paths named
# one by one, many of one folder, read as the walk reads them.  And one
# batch, with one job or two, gives what one process per file gives.
. "$(dirname "$0")/setup.sh"

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }

cd "$TMPD" || exit 99
mkdir -p set/a/b set/b set/c set/conf
good='(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa];W[bb])'
i=0
while [ $i -lt 40 ]; do
    case $((i % 8)) in
    0) printf '%s\n' "$good" ;;                                          # unchanged
    1) printf '(;FF[4]GM[1]SZ[9]XX[%d];B[aa];W[bb])\n' $i ;;              # warning
    2) printf '(;FF[4]GM[1]SZ[9]DT[2000-7-%d];B[aa];W[bb])\n' $((i % 9 + 1)) ;; # error
    3) printf '(;FF[4]GM[1]SZ[9];B[aa] junk%d ;W[bb])\n' $i ;;           # critical
    4) printf 'no game record %d\n' $i ;;                                # fatal
    5) printf '(;FF[3]GM[1]SZ[19]PB[P%d]\n;B[pd];W[dp];B[pp];W[dd])\n' $i ;; # changed
    6) printf '(;FF[4]GM[1]SZ[9]C[caf\351 %d];B[aa])\n' $i ;;           # charset
    7) printf '' ;;                                                      # empty: fatal
    esac >"set/$([ $((i % 3)) -eq 0 ] && echo a/)$([ $((i % 5)) -eq 0 ] && echo b/)g$i.sgf"
    i=$((i + 1))
done
cp set/g1.sgf set/c/G1.SGF
# Messages past the 1 MB kept in memory for a file that waits its turn.
awk 'BEGIN { printf "(;FF[4]GM[1]SZ[19]"; for (k = 0; k < 12000; k++) printf "X%c[%d]", 65 + k % 26, k; print ";B[aa])" }' >set/c/many.sgf
# A configuration file that cannot be read: message 120 for its files.
printf 'no-such-option\n' >set/conf/.sgftidy
printf '%s\n' "$good" >set/conf/h.sgf
[ -s set/c/many.sgf ] || { echo "cannot make the test files"; exit 99; }

# same NAME ARGS...: runs the batch with -j1, -j2 and -j8 on a fresh copy
# of the set each, and compares everything.
same() {
    name=$1
    shift
    for j in 1 2 8; do
        # One folder name for every run: the messages name paths.
        rm -rf run "run$j"
        cp -r set run
        (cd run && run -j$j "$@") >"stdout$j" 2>"stderr.raw$j"
        echo $? >"rc$j"
        mv run "run$j"
        # The time a batch took, at the end of its summary, varies.
        sed 's/; [0-9]*\.[0-9][0-9] s$/; T s/; s/"seconds":[0-9.]*/"seconds":T/' \
            "stderr.raw$j" >"stderr$j"
        if [ $j -ne 1 ]; then
            for f in rc stdout stderr; do
                cmp -s "${f}1" "$f$j" || { bad "$name-j$j" "$f differs"; diff "${f}1" "$f$j" | head -n 5; }
            done
            diff -r run1 "run$j" >/dev/null || bad "$name-j$j" "the files differ"
        fi
    done
    [ "$(cat rc1)" -ne 0 ] || bad "$name" "exit status 0: the set should fail"
    ok
}

paths='a g0.sgf g1.sgf g2.sgf c g3.sgf missing.sgf g4.sgf conf g5.sgf g6.sgf g7.sgf g8.sgf'
# shellcheck disable=SC2086
{
same check --check -R .
same check-quiet -q --check -R .
same check-paths --check $paths
same check-fail-on --check --fail-on=error -R .
same check-sgfc --format=sgfc --check -R .
same check-json --format=json --check -R .
same check-sarif --format=sarif --check -R .
same check-gitlab --format=gitlab --check -R .
same check-github --format=github --check -R .
same list-different --list-different -R .
same diff --diff -R .
same in-place --in-place -R .
same in-place-critical -c -r --in-place -R .
same outdir --outdir=o -R .
# The same file twice: the second run sees the first one's output.
same in-place-twice --in-place g5.sgf g1.sgf ./g5.sgf a/../g5.sgf g6.sgf
# Two inputs, one output: the second is refused (message 106).
same outdir-collide --outdir=o g5.sgf ./g5.sgf g6.sgf a/../g5.sgf
}

# Standard input among the paths: one job, and the same result.
printf '%s\n' "$good" | run -j4 --check --show-ok set/g1.sgf - >stdout 2>stderr.raw
rc=$?
[ $rc -eq 5 ] && grep -q '^<stdin>: OK' stderr.raw && ok ||
    bad stdin "exit status $rc"

# Bad counts.
run -j 1025 --check set >/dev/null 2>&1
[ $? -eq 20 ] && ok || bad jobs-too-many "not refused"
run --jobs=x --check set >/dev/null 2>&1
[ $? -eq 20 ] && ok || bad jobs-not-a-number "not refused"
printf 'jobs = 2\n' >conf.sgftidy
mkdir cfg && mv conf.sgftidy cfg/.sgftidy && printf '%s\n' "$good" >cfg/x.sgf
run --check cfg >stdout 2>stderr.raw
[ $? -eq 20 ] && grep -q 'F120' stderr.raw && ok ||
    bad jobs-in-config "accepted in a configuration file"
# -j0: one job per processor.
run -j0 -q --check set >stdout 2>stderr0
rc0=$?
run -j1 -q --check set >stdout 2>stderr1
[ $rc0 -eq $? ] && cmp -s stderr0 stderr1 && ok || bad jobs-0 "not as with one job"

# Paths named one by one, many of one folder (what each is comes from
# the folder's listing): files in order, a link to a file, a file that
# is no SGF, a missing one, then the folders (one named *.sgf, one
# reached through a link) with their files; the same with two jobs.
mkdir -p L/d.sgf
for k in 00 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19; do
    printf '%s\n' "$good" >"L/g$k.sgf"
    echo "L/g$k.sgf: OK"
done >expect.L
printf '%s\n' "$good" >L/d.sgf/in.sgf
ln -s g00.sgf L/ln.sgf && ln -s d.sgf L/ld.sgf || exit 99
printf 'x\n' >L/notes.txt
cat >>expect.L <<'EOF2'
L/ln.sgf: OK
L/notes.txt: fatal F7: no SGF data found
L/missing.sgf: fatal F3: cannot open input file: No such file or directory
L/d.sgf/in.sgf: OK
L/ld.sgf/in.sgf: OK
sgftidy: 25 files: 23 OK, 2 failed; 2 skipped (1 unreadable, 1 no SGF data); T s
EOF2
for j in 1 2; do
    run -j$j --check --show-ok L/d.sgf L/g*.sgf L/ld.sgf L/ln.sgf L/notes.txt L/missing.sgf >stdout 2>stderr.raw
    rc=$?
    sed 's/; [0-9]*\.[0-9][0-9] s$/; T s/' stderr.raw >stderr
    [ $rc -eq 20 ] && [ ! -s stdout ] && cmp -s expect.L stderr && ok ||
        { bad "paths-listing-j$j" "exit status $rc"; diff expect.L stderr | head -n 5; }
done

# A folder named whose parent folder's configuration file is broken: it
# is walked, and its files get message 120 (the folder itself does not,
# though it is run as a file first to find out what it is).
mkdir -p L2/conf/inner
printf 'no-such-option\n' >L2/conf/.sgftidy
printf '%s\n' "$good" >L2/conf/inner/i.sgf
printf '%s\n' "$good" >L2/conf/j.sgf
printf '%s\n' L2/conf/j.sgf L2/conf/inner/i.sgf >expect.L2
for j in 1 2; do
    run -j$j --check L2/conf/inner L2/conf/j.sgf >stdout 2>stderr
    rc=$?
    [ $rc -eq 20 ] && grep -c 'fatal F120: configuration file not used' stderr | grep -qx 2 &&
        sed -n 1,2p stderr | cut -d: -f1 | cmp -s expect.L2 - && ok ||
        { bad "named-folder-config-j$j" "exit status $rc"; head -n 3 stderr; }
done

# One batch gives what one process per file gives, though a batch's
# thread keeps its buffers (window, parser, decoder, checker, board) from
# one file to the next: the same output bytes and the same messages,
# file by file, with one job and with two.  Over every input of the
# golden cases, ordered by the end of their names so that the folders
# (charsets, syntax, trees, games...) alternate.
mkdir G
for f in "$srcdir"/tests/cases/*/*.sgf; do
    case "$f" in *.out.sgf) continue ;; esac
    d=${f%/*}
    cp "$f" "G/${d##*/}-${f##*/}"
done
ls G | awk '{ r = ""; for (i = length($0); i > 0; i--) r = r substr($0, i, 1)
    print r " G/" $0 }' | sort | cut -d' ' -f2 >G.list
[ "$(wc -l <G.list)" -gt 100 ] || { echo "cannot list the golden cases"; exit 99; }
mkdir S
while read -r f; do
    run "$f" "S/${f#G/}" >/dev/null 2>>S.err
done <G.list
for j in 1 2; do
    run -j$j --outdir="B$j" --files-from=G.list >/dev/null 2>"B$j.raw"
    sed '$d' "B$j.raw" >"B$j.err" # the batch's summary line
    cmp -s S.err "B$j.err" && diff -r S "B$j/G" >/dev/null && ok ||
        { bad "batch-as-processes-j$j" "messages or files differ"; diff S.err "B$j.err" | head -n 5; }
done

echo "jobs: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
