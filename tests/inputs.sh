#!/bin/sh
# inputs.sh - the inputs of a batch (sgftidy(1), FILES, "Inputs of a
# batch"): a FIFO or a device named among the files, or put in the place
# of one, is refused at once with message 3 and counted as a failed
# file, in every batch mode; the files around it are run.  One INFILE
# that is a FIFO is still read.  Every run is under a time limit: a
# regression blocks, it does not fail.
. "$(dirname "$0")/setup.sh"

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
nl='
'
# limited ARGS...: ARGS under a limit of 20 seconds (exit status 124
# when they reach it).
if command -v timeout >/dev/null 2>&1; then
    limited() { timeout 20 "$@"; }
else
    notice "inputs.sh: no timeout(1): a run that blocks blocks the test"
    limited() { "$@"; }
fi
# expect NAME STATUS WANT-FILE GOT-FILE RC: the exit status and the
# exact bytes (the run's seconds in a summary line as "T").
expect() {
    sed 's/; [0-9]*\.[0-9][0-9] s$/; T s/' "$4" >"$4.t"
    if [ "$5" -eq "$2" ] && cmp -s "$3" "$4.t"; then
        ok
    else
        bad "$1" "exit status $5, expected $2"
        diff "$3" "$4.t" | head -n 8
    fi
}

cd "$TMPD" || exit 99
printf '(;FF[4]GM[1]SZ[19] ;B[pd])\n' >z.sgf
run -q z.sgf a.sgf || { echo "cannot normalize the fixture"; exit 99; }
cp z.sgf z.orig
mkfifo pipe.sgf
ln -s /dev/zero zero.sgf
fifo_msg='fatal F3: cannot open input file: it is a FIFO, not a regular file (a batch reads regular files only)'
zero_msg='fatal F3: cannot open input file: it is a character device, not a regular file (a batch reads regular files only)'
folder_msg='fatal F3: cannot open input file: it is a folder, not a file (a folder is not read; named to --check, --in-place or --outdir it is walked, with -R also inside a folder walked)'

# --- a FIFO and a link to /dev/zero named among the files ---------------
# The clean files get no status line; z.sgf, not in normal form, does
# with --list-different and --diff.
cat >want.check <<EOF
pipe.sgf: $fifo_msg
zero.sgf: $zero_msg
sgftidy: 4 files: 2 OK, 2 failed; 2 skipped (2 unreadable); T s
EOF
cat >want.cmp <<EOF
pipe.sgf: $fifo_msg
zero.sgf: $zero_msg
z.sgf: OK
sgftidy: 4 files: 2 OK, 2 failed; 1 not in normal form (--in-place rewrites them); 2 skipped (2 unreadable); T s
EOF
for args in "--check" "-j 2 --check" "--check -R" "--list-different" \
    "-j 2 --list-different"; do
    # shellcheck disable=SC2086
    limited "$SGFTIDY" $args a.sgf pipe.sgf zero.sgf z.sgf >out 2>err
    rc=$?
    case $args in
    *list-different) printf 'z.sgf\n' >want.out; want=want.cmp ;;
    *) : >want.out; want=want.check ;;
    esac
    expect "named ($args)" 20 $want err $rc
    cmp -s want.out out && ok || bad "named-stdout ($args)" "$(head -n 3 out)"
done

limited "$SGFTIDY" --diff a.sgf pipe.sgf zero.sgf z.sgf >out 2>err
expect "named (--diff)" 20 want.cmp err $?
grep -q '^+++ z.sgf' out && ok || bad "named-diff-z" "no diff of z.sgf"

for j in 1 2; do
    cp z.orig z.sgf
    limited "$SGFTIDY" -j $j --in-place a.sgf pipe.sgf zero.sgf z.sgf >out 2>err
    rc=$?
    cat >want <<EOF
pipe.sgf: $fifo_msg
zero.sgf: $zero_msg
z.sgf: OK  (changed)
sgftidy: 4 files: 2 OK, 2 failed; 1 changed, 1 unchanged; 2 skipped (2 unreadable); T s
EOF
    expect "named (-j $j --in-place)" 20 want err $rc
    cmp -s a.sgf z.sgf && [ -p pipe.sgf ] && [ -L zero.sgf ] && ok ||
        bad "named-in-place-files (-j $j)" "z.sgf not rewritten, or a special file replaced"

    rm -rf od
    cat >want <<EOF
a.sgf: OK  (written)
pipe.sgf: $fifo_msg
zero.sgf: $zero_msg
z.orig.sgf: OK  (written)
sgftidy: 4 files: 2 OK, 2 failed; 2 written; 2 skipped (2 unreadable); T s
EOF
    cp z.orig z.orig.sgf
    limited "$SGFTIDY" -j $j --outdir=od a.sgf pipe.sgf zero.sgf z.orig.sgf >out 2>err
    rc=$?
    expect "named (-j $j --outdir)" 20 want err $rc
    [ "$(ls od)" = "a.sgf${nl}z.orig.sgf" ] && cmp -s od/z.orig.sgf a.sgf && ok ||
        bad "named-outdir-files (-j $j)" "$(ls od | tr '\n' ' ')"
    rm -f z.orig.sgf
done
cp z.orig z.sgf

# --duplicates: the files that cannot be read are left out, saying why.
limited "$SGFTIDY" --duplicates a.sgf pipe.sgf zero.sgf z.sgf >out 2>err
rc=$?
cat >want <<EOF
sgftidy: pipe.sgf: cannot be read, left out: cannot open input file: it is a FIFO, not a regular file (a batch reads regular files only)
sgftidy: zero.sgf: cannot be read, left out: cannot open input file: it is a character device, not a regular file (a batch reads regular files only)
sgftidy: 0 games, 0 group(s) of copies
EOF
expect "named (--duplicates)" 0 want err $rc

# The man page's find | --files-from=- -0 (the files in name order).
find . -maxdepth 1 -name '*.sgf' -print0 | LC_ALL=C sort -z |
    limited "$SGFTIDY" --files-from=- -0 --check --show-ok >out 2>err
rc=$?
cat >want <<EOF
./a.sgf: OK
./pipe.sgf: $fifo_msg
./z.sgf: OK
./zero.sgf: $zero_msg
sgftidy: 4 files: 2 OK, 2 failed; 2 skipped (2 unreadable); T s
EOF
expect "files-from-find" 20 want err $rc
# The list itself may be a FIFO: it is read.
mkfifo list
printf 'a.sgf\npipe.sgf\nz.sgf\n' >list &
writer=$!
limited "$SGFTIDY" --files-from=list --check --show-ok >out 2>err
rc=$?
kill $writer 2>/dev/null
wait $writer 2>/dev/null
cat >want <<EOF
a.sgf: OK
pipe.sgf: $fifo_msg
z.sgf: OK
sgftidy: 3 files: 2 OK, 1 failed; 1 skipped (1 unreadable); T s
EOF
expect "files-from-fifo" 20 want err $rc

# A socket is said to be one (it cannot even be opened).
if command -v python3 >/dev/null 2>&1 &&
    python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' sock.sgf 2>/dev/null; then
    limited "$SGFTIDY" --check a.sgf sock.sgf >out 2>err
    rc=$?
    cat >want <<EOF
sock.sgf: fatal F3: cannot open input file: it is a socket, not a regular file (a batch reads regular files only)
sgftidy: 2 files: 1 OK, 1 failed; 1 skipped (1 unreadable); T s
EOF
    expect "named-socket" 20 want err $rc
    rm -f sock.sgf
else
    notice "SKIP inputs: socket input (python3 is needed to make one)"
fi

# --- one INFILE that is a FIFO is a stream, read as before ---------------
printf '(;FF[4]GM[1]SZ[19] ;B[pd])\n' >pipe.sgf &
writer=$!
limited "$SGFTIDY" -q pipe.sgf from-pipe.sgf 2>err
rc=$?
wait $writer
[ $rc -eq 0 ] && [ ! -s err ] && cmp -s a.sgf from-pipe.sgf && ok ||
    bad single-fifo "exit status $rc: $(head -n 2 err)"
# ... also over an OUTFILE that holds games: read once, it is not
# compared first (as standard input).
printf '(;FF[4]GM[1]SZ[19] ;B[pd])\n' >pipe.sgf &
writer=$!
limited "$SGFTIDY" -q pipe.sgf z.sgf 2>err
rc=$?
wait $writer
[ $rc -eq 0 ] && [ ! -s err ] && cmp -s a.sgf z.sgf && ok ||
    bad single-fifo-over-games "exit status $rc: $(head -n 2 err)"
cp z.orig z.sgf

# --- a file swapped for a folder or a FIFO after the walk ----------------
# The test build runs the swap just before the input is opened.
if [ -x "${SGFTIDY_HOOKED:-}" ]; then
    for swap in folder fifo; do
        rm -rf r
        mkdir -p r/s
        cp a.sgf r/a.sgf
        cp z.orig r/s/b.sgf
        case $swap in
        folder) make='mkdir "$1"' msg=$folder_msg ;;
        fifo) make='mkfifo "$1"' msg=$fifo_msg ;;
        esac
        SGFTIDY_HOOK=input-open \
            SGFTIDY_HOOK_RUN="[ \"\$1\" = r/s/b.sgf ] || exit 0; rm \"\$1\" && $make" \
            limited "$SGFTIDY_HOOKED" --in-place -R --show-ok r >out 2>err
        rc=$?
        cat >want <<EOF
r/a.sgf: OK  (unchanged)
r/s/b.sgf: $msg
sgftidy: 2 files: 1 OK, 1 failed; 1 unchanged; 1 skipped (1 unreadable); T s
EOF
        expect "swapped-$swap (--in-place -R)" 20 want err $rc
    done
    # Named as a file in SGFC's form, a folder is not "a FIFO or a
    # device": it is said to be a folder.
    mkdir dir.sgf
    limited "$SGFTIDY" dir.sgf dir.sgf >out 2>err
    rc=$?
    printf 'dir.sgf: fatal F3: cannot open input file: dir.sgf is a folder: use %s (-R for subfolders)\n' \
        '--check, --in-place, --outdir=DIR, --list-different, --diff or --duplicates' >want
    expect "folder-as-own-output" 20 want err $rc
else
    notice "SKIP inputs: files swapped during a run (no test build with hooks)"
fi

# --- a tree deeper than a path may be long -------------------------------
# Made a step at a time (each mkdir relative to the last).  The walk of -R
# opens each folder from its parent, so no path it uses is longer than a
# name: the file at the bottom, whose whole path is longer than the
# system allows (PATH_MAX), is checked as any other, with -j 2 too.
long=$(printf '%0200d' 0 | tr 0 d)
mkdir deep
cp a.sgf deep/a.sgf
bottom() { # bottom: x.sgf at the bottom of the tree, as it was made
    (cd deep && for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22; do
        { [ -d "$long" ] || mkdir "$long"; } && cd -P "$long" || exit 1
    done && printf '(;FF[4]GM[1]SZ[19])\n' >x.sgf) || exit 99
}
bottom
max=$(getconf PATH_MAX / 2>/dev/null || echo 4096)
p=deep
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22; do p=$p/$long; done
[ ${#p} -gt "$max" ] || { echo "the deep tree is not deep enough"; exit 99; }
for args in "--check -R" "-j 2 --check -R" "--in-place -R" "-j 2 --in-place -R"; do
    # shellcheck disable=SC2086
    limited "$SGFTIDY" $args --show-ok deep >out 2>err
    rc=$?
    case $args in
    *in-place*) st='OK  (unchanged)' st2='OK  (changed)' tally='; 1 changed, 1 unchanged' ;;
    *) st=OK st2=OK tally= ;;
    esac
    cat >want <<EOF
deep/a.sgf: $st
$p/x.sgf: $st2
sgftidy: 2 files: 2 OK$tally; T s
EOF
    expect "deep-tree ($args)" 0 want err $rc
    bottom # as it was, for the next run
done

# --- a fault of the held-back copy of standard output --------------------
# Standard output a pipe: the output waits in an unnamed temporary file
# in $TMPDIR, which a file-size limit stops; the message names that
# file, not the pipe.
mkdir held
awk 'BEGIN { printf "(;FF[4]GM[1]SZ[19]C["; for (i = 0; i < 4000; i++) printf "x"; print "])" }' >big.sgf
(ulimit -f 1 && { TMPDIR="$TMPD/held" limited "$SGFTIDY" -q big.sgf - 2>err
    echo $? >rc; } | cat >out)
printf 'big.sgf: fatal F27: cannot write output file: the temporary file in %s/held that holds <stdout> back until it may be written: File too large\n' "$TMPD" >want
[ "$(cat rc)" = 20 ] && cmp -s want err && [ ! -s out ] &&
    [ -z "$(ls -A held)" ] && ok ||
    { bad held-copy-fault "$(cat err)"; }

echo "inputs: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
