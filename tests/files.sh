#!/bin/sh
# files.sh - what sgftidy promises for the files it writes (sgftidy(1),
# FILES): special files written as streams, links followed and kept,
# owner and mode kept, hard links left alone, unchanged files untouched,
# --outdir kept inside its folder, write faults and signals leaving every
# file with its old or its new content and no temporary file behind.
# Cases that need root (device nodes, owners) or a second user are
# skipped with a notice when they cannot run.
. "$(dirname "$0")/setup.sh"

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
# check NAME CONDITION...: passes when the command succeeds.
check() {
    name=$1
    shift
    if "$@"; then ok; else bad "$name" "$*"; fi
}
# temps DIR: the temporary files sgftidy could have left in DIR.
temps() { find "$1" -name '.*.??????' | head -n 5; }
# writing DIR PID: whether process PID has a temporary file in DIR, named
# or (where the system makes them so) without a name yet.
writing() {
    [ -n "$(temps "$1")" ] ||
        ls -l "/proc/$2/fd" 2>/dev/null | grep -q "/$1/#.*(deleted)"
}
# held FIFO DIR ARGS...: sgftidy ARGS in the background ($pid), the
# FIFO, its input, open on descriptor 3 with part of a game written into
# it; returns once the run writes into DIR (so that it waits there).
held() {
    held_fifo=$1 held_dir=$2
    shift 2
    "$SGFTIDY" "$@" &
    pid=$!
    exec 3>"$held_fifo"
    printf '(;FF[4]GM[1]SZ[19];B[aa]' >&3
    n=0
    while ! writing "$held_dir" $pid && [ $n -lt 400 ]; do
        sleep 0.05
        n=$((n + 1))
    done
}
inode() { stat -c %i "$1"; }
mtime() { stat -c %Y.%y "$1"; }
owner() { stat -c %U:%G "$1"; }
mode() { stat -c %a "$1"; }

cd "$TMPD" || exit 99
chmod 755 "$TMPD"
printf '(;FF[4]GM[1]SZ[19]PB[Black];B[pd] ;W[dp])\n' >game.sgf
"$SGFTIDY" -q game.sgf norm.sgf || { echo "cannot normalize the fixture"; exit 99; }
[ "$(cat norm.sgf)" != "$(cat game.sgf)" ] || { echo "fixture already normal"; exit 99; }

# --- 1. special files: written into, never replaced ----------------------
mkfifo fifo
cat fifo >from-fifo &
reader=$!
"$SGFTIDY" -q game.sgf fifo; rc=$?
wait $reader
check fifo-status [ "$rc" -eq 0 ]
check fifo-kept [ -p fifo ]
check fifo-content cmp -s norm.sgf from-fifo

ln -s /proc/self/fd/1 stdout-link
"$SGFTIDY" -q game.sgf stdout-link >from-link; rc=$?
check proc-link-status [ "$rc" -eq 0 ]
check proc-link-kept [ -L stdout-link ]
check proc-link-content cmp -s norm.sgf from-link

"$SGFTIDY" -q game.sgf /dev/stdout | cat >from-pipe
check dev-stdout-pipe cmp -s norm.sgf from-pipe
echo first >appended
"$SGFTIDY" -q game.sgf /dev/stdout >>appended
{ echo first; cat norm.sgf; } >want-appended
check dev-stdout-append cmp -s want-appended appended
"$SGFTIDY" -q game.sgf /proc/self/fd/2 2>from-fd2
check proc-fd cmp -s norm.sgf from-fd2

# Critical messages: nothing reaches the stream.
printf '(;FF[4]GM[1] junk ;B[pd])' >critical.sgf
mkfifo fifo2
cat fifo2 >from-fifo2 &
reader=$!
"$SGFTIDY" -q critical.sgf fifo2 2>/dev/null; rc=$?
wait $reader
check fifo-critical-status [ "$rc" -eq 10 ]
check fifo-critical-empty [ ! -s from-fifo2 ]

# A FIFO that is its own output (INFILE = OUTFILE) is refused (106):
# opened for writing while it is read, it would never end.  (With
# --in-place, as any input of a batch that is not a regular file, it is
# not even read: tests/inputs.sh.)
mkfifo fifo3
cat game.sgf >fifo3 &
writer=$!
if command -v timeout >/dev/null 2>&1; then
    timeout 20 "$SGFTIDY" fifo3 fifo3 2>fifo3.diag
else
    "$SGFTIDY" fifo3 fifo3 2>fifo3.diag
fi
rc=$?
wait $writer 2>/dev/null
check "fifo-own-output-status (fifo3 fifo3)" [ "$rc" -eq 20 ]
check "fifo-own-output-106 (fifo3 fifo3)" grep -q 'F106: output file refused: it is the input' fifo3.diag
check "fifo-own-output-kept (fifo3 fifo3)" [ -p fifo3 ]
# Standard input the same FIFO as the output.
cat game.sgf >fifo3 &
writer=$!
if command -v timeout >/dev/null 2>&1; then
    timeout 20 "$SGFTIDY" - fifo3 <fifo3 2>fifo3.diag
else
    "$SGFTIDY" - fifo3 <fifo3 2>fifo3.diag
fi
rc=$?
wait $writer 2>/dev/null
check "fifo-own-output-status (- fifo3)" [ "$rc" -eq 20 ]
check "fifo-own-output-106 (- fifo3)" grep -q 'F106: output file refused: it is the input' fifo3.diag

# A file changed by another program while its replacement waits in its
# group (--in-place): it is left as the other program made it, and the
# fault (27) comes at the end under that file's name, which is then
# counted as failed, not changed.  The test build changes it where the
# batch puts its last group in place (the hook outputs-sync), after
# both files were read and reported.
for j in 1 2; do
    printf '(;FF[4]GM[1]SZ[19];B[aa]  )\n' >late-a.sgf
    cp late-a.sgf late-b.sgf
    rm -f late.diag
    SGFTIDY_HOOK=outputs-sync \
        SGFTIDY_HOOK_RUN="printf '(;C[appended])\\n' >>late-a.sgf" \
        "$SGFTIDY_HOOKED" -j $j --in-place late-a.sgf late-b.sgf 2>late.diag
    rc=$?
    printf '(;FF[4]GM[1]SZ[19];B[aa]  )\n(;C[appended])\n' >late-want
    check "late-fault-kept (-j $j)" cmp -s late-want late-a.sgf
    check "late-fault-status (-j $j)" [ "$rc" -eq 20 ]
    check "late-fault-named (-j $j)" grep -q '^late-a.sgf: fatal F27: cannot write output file: late-a.sgf: it changed after it was read' late.diag
    check "late-fault-counted (-j $j)" grep -q '^sgftidy: 2 files: 1 OK, 1 failed; 1 changed; 1 skipped (1 write failed);' late.diag
done

if command -v python3 >/dev/null 2>&1; then
    python3 -c '
import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.bind(sys.argv[1]); s.listen(1)
open(sys.argv[1] + ".ready", "w").close()
c, _ = s.accept()
with open(sys.argv[2], "wb") as f:
    while True:
        b = c.recv(65536)
        if not b: break
        f.write(b)
' sock from-sock &
    listener=$!
    n=0
    while [ ! -f sock.ready ] && [ $n -lt 100 ]; do sleep 0.05; n=$((n + 1)); done
    "$SGFTIDY" -q game.sgf sock; rc=$?
    wait $listener
    check socket-status [ "$rc" -eq 0 ]
    check socket-kept [ -S sock ]
    check socket-content cmp -s norm.sgf from-sock
else
    notice "SKIP files: socket output (python3 is needed to listen)"
fi

if [ "$(id -u)" = 0 ] && mknod nulldev c 1 3 2>/dev/null; then
    "$SGFTIDY" -q game.sgf nulldev; rc=$?
    check device-status [ "$rc" -eq 0 ]
    check device-kept [ -c nulldev ]
else
    notice "SKIP files: device node output (mknod needs root)"
fi

# --- a symlink is followed, its target replaced, the link kept ----------
mkdir -p linked
cp game.sgf linked/target.sgf
ln -s linked/target.sgf link.sgf
"$SGFTIDY" -q link.sgf link.sgf; rc=$?
check symlink-status [ "$rc" -eq 0 ]
check symlink-kept [ -L link.sgf ]
check symlink-target cmp -s norm.sgf linked/target.sgf
# A dangling link: the file it names is created.
ln -s linked/new.sgf dangling.sgf
"$SGFTIDY" -q game.sgf dangling.sgf
check dangling-kept [ -L dangling.sgf ]
check dangling-target cmp -s norm.sgf linked/new.sgf
# Links to links, relative to their own folders.
mkdir -p a/b
cp game.sgf a/b/deep.sgf
ln -s b/deep.sgf a/hop.sgf
ln -s a/hop.sgf hops.sgf
"$SGFTIDY" -q --in-place hops.sgf
check link-chain-kept [ -L hops.sgf ]
check link-chain-hop-kept [ -L a/hop.sgf ]
check link-chain-target cmp -s norm.sgf a/b/deep.sgf

# --- hard links: left alone, and said so ---------------------------------
cp game.sgf hard1.sgf
ln hard1.sgf hard2.sgf
"$SGFTIDY" --in-place hard1.sgf 2>err; rc=$?
check hardlink-status [ "$rc" -eq 10 ]
check hardlink-message grep -q 'error E105: output file has several hard links and is not rewritten: hard1.sgf (2 names)' err
check hardlink-content cmp -s game.sgf hard2.sgf
check hardlink-links [ "$(stat -c %h hard1.sgf)" = 2 ]
# A message names the whole path, however long (here about 1,600 bytes: no buffer of a fixed size holds it).
long=$(printf 'folder-of-forty-letters-for-a-long-path%.0s/' 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40)
long=${long%/}
mkdir -p "$long"
ln hard1.sgf "$long/hard3.sgf"
"$SGFTIDY" --in-place "$long/hard3.sgf" 2>err
check long-path-links grep -q "E105: .*: $long/hard3.sgf (3 names)\$" err
"$SGFTIDY" game.sgf "$long/none/out.sgf" 2>err
check long-path-fatal grep -q "F26: .*: $long/none/out.sgf: No such file or directory\$" err
rm -f "$long/hard3.sgf"

# --- unchanged files are not touched -------------------------------------
cp norm.sgf same.sgf
touch -d '2001-02-03 04:05:06' same.sgf
before="$(inode same.sgf) $(mtime same.sgf)"
"$SGFTIDY" --in-place same.sgf 2>err; rc=$?
check unchanged-status [ "$rc" -eq 0 ]
check unchanged-inode [ "$before" = "$(inode same.sgf) $(mtime same.sgf)" ]
# A clean batch is quiet: the summary alone; --show-ok says it.
check unchanged-quiet [ "$(grep -c '^same.sgf:' err)" -eq 0 ]
"$SGFTIDY" --in-place --show-ok same.sgf 2>err
check unchanged-said grep -q '^same.sgf: OK  (unchanged)$' err
check unchanged-tally grep -q '^sgftidy: 1 file: 1 OK; 1 unchanged; [0-9.]* s$' err
cp game.sgf differs.sgf
"$SGFTIDY" --in-place differs.sgf 2>err
check changed-said grep -q '^differs.sgf: OK  (changed)$' err
check changed-content cmp -s norm.sgf differs.sgf
# Same start, then a difference; and the new content a prefix of the old.
cp norm.sgf longer.sgf
printf '\n(;FF[4]GM[1];B[aa])\n' >>longer.sgf
cp longer.sgf longer-orig.sgf
"$SGFTIDY" -q --overwrite norm.sgf longer.sgf
check shorter-output cmp -s norm.sgf longer.sgf
"$SGFTIDY" -q longer-orig.sgf norm-copy.sgf
cp norm.sgf grow.sgf
"$SGFTIDY" -q longer-orig.sgf grow.sgf
check longer-output cmp -s norm-copy.sgf grow.sgf
check no-temps-here [ -z "$(temps .)" ]

# --- owner, group and mode -----------------------------------------------
cp game.sgf modes.sgf
chmod 640 modes.sgf
"$SGFTIDY" -q --in-place modes.sgf
check mode-kept [ "$(mode modes.sgf)" = 640 ]
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
    grp=$(id -gn nobody)
    cp game.sgf owned.sgf
    chown "nobody:$grp" owned.sgf
    chmod 6750 owned.sgf
    "$SGFTIDY" -q --in-place owned.sgf
    check owner-kept [ "$(owner owned.sgf)" = "nobody:$grp" ]
    check setid-kept-with-owner [ "$(mode owned.sgf)" = 6750 ]
    check owner-content cmp -s norm.sgf owned.sgf
else
    notice "SKIP files: keeping another user's ownership (needs root)"
fi
# The program must be one that user can run: a checkout in a folder open
# to its owner alone (mktemp -d) is not.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1 &&
    id nobody >/dev/null 2>&1 &&
    setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups \
        "$SGFTIDY" --version >/dev/null 2>&1; then
    as_nobody() { setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups "$@"; }
    # A set-id file of root's in a folder anybody may write: rewritten by
    # another user, it is theirs and has no set-id bit.
    mkdir shared-dir
    chmod 777 shared-dir
    cp game.sgf shared-dir/setid.sgf
    chmod 6755 shared-dir/setid.sgf
    as_nobody "$SGFTIDY" -q --in-place shared-dir/setid.sgf; rc=$?
    check setid-status [ "$rc" -eq 0 ]
    check setid-owner [ "$(stat -c %U shared-dir/setid.sgf)" = nobody ]
    check setid-dropped [ "$(mode shared-dir/setid.sgf)" = 755 ]
    # A folder that cannot be written: the file is left, the cause named.
    mkdir locked
    cp game.sgf locked/g.sgf
    chmod 555 locked
    as_nobody "$SGFTIDY" --in-place locked/g.sgf 2>err; rc=$?
    check unwritable-status [ "$rc" -eq 20 ]
    check unwritable-message grep -q 'fatal F27: cannot write output file: locked/g.sgf: Permission denied' err
    check unwritable-content cmp -s game.sgf locked/g.sgf
    # A file of another user replaced by root holding only the right to
    # give files away (no CAP_FOWNER): under Linux's protected_hardlinks
    # the new file must get its name while it is still root's.
    if [ "$(cat /proc/sys/fs/protected_hardlinks 2>/dev/null)" = 1 ]; then
        cp game.sgf theirs.sgf
        chown nobody theirs.sgf
        chmod 600 theirs.sgf
        setpriv --bounding-set -all,+chown,+dac_read_search --inh-caps -all \
            "$SGFTIDY" -q --in-place theirs.sgf 2>err; rc=$?
        check protected-hardlinks-status [ "$rc" -eq 0 ]
        check protected-hardlinks-content cmp -s norm.sgf theirs.sgf
        check protected-hardlinks-owner [ "$(stat -c %U theirs.sgf)" = nobody ]
    fi
    # --outdir whose folder cannot be made: the real cause.
    as_nobody "$SGFTIDY" --outdir=locked/out game.sgf 2>err; rc=$?
    check outdir-perm-status [ "$rc" -eq 20 ]
    check outdir-perm-message grep -q 'cannot create the folder locked/out: Permission denied' err
    # A folder that cannot be read, named among a folder and a file: the
    # file named first, then the folders in their order, the one that
    # cannot be read reported in its turn; the same with two jobs.
    mkdir -p unread/sealed unread/open
    cp norm.sgf unread/sealed/s.sgf
    cp norm.sgf unread/open/o.sgf
    cp norm.sgf unread/n.sgf
    chmod 000 unread/sealed
    printf '%s\n' 'unread/n.sgf: OK' \
        'unread/sealed: fatal F143: folder cannot be read: Permission denied; its files are not checked' \
        'unread/open/o.sgf: OK' >expect.unread
    for j in 1 2; do
        as_nobody "$SGFTIDY" -j$j --check --show-ok unread/sealed unread/n.sgf unread/open 2>err; rc=$?
        check unreadable-folder-status-j$j [ "$rc" -eq 20 ]
        check unreadable-folder-order-j$j sh -c "head -n 3 err | cmp -s expect.unread -"
    done
    chmod 755 unread/sealed
else
    notice "SKIP files: another user's set-id file, unwritable folders (need root, setpriv, and a program that user can reach)"
fi

# --- --outdir: inside DIR, never over an input ----------------------------
mkdir -p w/sub
cp game.sgf x.sgf
cp game.sgf w/sub/y.sgf
(cd w && "$SGFTIDY" -q --outdir=clean ../x.sgf sub/y.sgf); rc=$?
check outdir-status [ "$rc" -eq 0 ]
check outdir-input-untouched cmp -s game.sgf x.sgf
check outdir-dotdot cmp -s norm.sgf w/clean/x.sgf
check outdir-relative cmp -s norm.sgf w/clean/sub/y.sgf
check outdir-nothing-else [ ! -e w/x.sgf ]
"$SGFTIDY" -q --outdir=abs "$TMPD/x.sgf"
check outdir-absolute cmp -s norm.sgf "abs$TMPD/x.sgf"
# The folders made for outputs that were not written are removed at the
# end, the folders that were there before are kept, empty or not.
mkdir -p e/src/bad e/src/good e/pre/keep
printf 'no data' >e/src/bad/x.sgf
cp game.sgf e/src/good/y.sgf
(cd e && "$SGFTIDY" -q -j 2 -R --outdir=pre src 2>/dev/null); rc=$?
check outdir-empty-status [ "$rc" -eq 20 ]
check outdir-empty-written cmp -s norm.sgf e/pre/src/good/y.sgf
check outdir-empty-removed [ ! -e e/pre/src/bad ]
check outdir-empty-kept [ -d e/pre/keep ]
(cd e && "$SGFTIDY" -q --outdir=new/out src/bad/x.sgf 2>/dev/null)
check outdir-empty-none [ ! -e e/new ]
# Over an input, and two inputs onto one output.
cp game.sgf self.sgf
"$SGFTIDY" --outdir=. self.sgf 2>err; rc=$?
check outdir-self-status [ "$rc" -eq 20 ]
check outdir-self-message grep -q 'fatal F106: output file refused: ./self.sgf: it is one of the input files' err
check outdir-self-content cmp -s game.sgf self.sgf
mkdir -p v
cp game.sgf v/x.sgf
printf '(;FF[4]GM[1];B[aa])\n' >v/other.sgf
(cd v && "$SGFTIDY" --outdir=out x.sgf ../x.sgf 2>../err); rc=$?
check outdir-collision-status [ "$rc" -eq 20 ]
check outdir-collision-message grep -q 'out/x.sgf: written already for another input file' err
# One input named twice is no collision: the second finds its output.
for jobs in 1 2; do
    rm -rf twice
    "$SGFTIDY" -j $jobs --outdir=twice --show-ok game.sgf ./game.sgf 2>err; rc=$?
    check "outdir-twice-status (-j $jobs)" [ "$rc" -eq 0 ]
    check "outdir-twice-second (-j $jobs)" grep -q '^./game.sgf: OK  (unchanged)$' err
    check "outdir-twice-content (-j $jobs)" cmp -s norm.sgf twice/game.sgf
done
# --outdir=DIR -R DIR: the outputs under DIR/DIR are no inputs of the next
# run.
rm -rf walked
mkdir -p walked/a
cp game.sgf walked/a/g.sgf
"$SGFTIDY" -q -R --outdir=walked walked; rc1=$?
"$SGFTIDY" -q -R --outdir=walked walked; rc2=$?
check outdir-walked-status [ "$rc1$rc2" = 00 ]
check outdir-walked-files [ "$(find walked -type f | sort | tr '\n' ' ')" = "walked/a/g.sgf walked/walked/a/g.sgf " ]
# ... also where the first replaced an output of an earlier run: its
# replacement waits in a group, and once renamed the output is another
# inode; the second is refused all the same.
mkdir -p c/w/a c/w/f c/a c/w/o/a c/w/o/f
printf '(;FF[4]GM[1];B[aa])\n' >c/w/a/x.sgf
printf '(;FF[4]GM[1];B[bb])\n' >c/a/x.sgf
n=0
while [ $n -lt 300 ]; do
    cp game.sgf "c/w/f/g$n.sgf"
    printf '(;)\n' >"c/w/o/f/g$n.sgf"
    n=$((n + 1))
done
printf '(;)\n' >c/w/o/a/x.sgf
for jobs in 1 2; do
    (cd c/w && "$SGFTIDY" -q -j $jobs --outdir=o a/x.sgf f/*.sgf ../a/x.sgf 2>../err); rc=$?
    check "outdir-collision-replaced-status (-j $jobs)" [ "$rc" -eq 20 ]
    check "outdir-collision-replaced-message (-j $jobs)" grep -q 'o/a/x.sgf: written already for another input file' c/err
    check "outdir-collision-replaced-first (-j $jobs)" grep -q 'B\[aa\]' c/w/o/a/x.sgf
    printf '(;)\n' >c/w/o/a/x.sgf
done

# Standard input under --outdir (as under --in-place) goes to standard
# output: no file named "-" under DIR.
rm -rf stdin-out
"$SGFTIDY" -q --outdir=stdin-out - <game.sgf >stdin-norm; rc=$?
check outdir-stdin-status [ "$rc" -eq 0 ]
check outdir-stdin-stdout cmp -s norm.sgf stdin-norm
check outdir-stdin-no-folder [ ! -e stdin-out ]
# DIR inside the folder walked with -R: its outputs are not read as
# inputs on the next run (which would nest copies ever deeper).
mkdir -p t/in/a
cp game.sgf t/in/a/g.sgf
(cd t && "$SGFTIDY" -q -R --outdir=in/out in); rc1=$?
printf '(;FF[4]GM[1]C[edited];B[aa])\n' >t/in/a/g.sgf
(cd t && "$SGFTIDY" -q -R --outdir=in/out in 2>../err); rc2=$?
check outdir-in-tree-status [ "$rc1" -eq 0 ] && [ "$rc2" -eq 0 ]
check outdir-in-tree-edited grep -q 'edited' t/in/out/in/a/g.sgf
check outdir-in-tree-not-nested [ ! -e t/in/out/in/out ]
check outdir-in-tree-quiet [ ! -s err ]
# A symbolic link inside DIR that leads out of it.
mkdir -p outside out2
ln -s "$TMPD/outside" out2/evil
mkdir -p evil
cp game.sgf evil/z.sgf
"$SGFTIDY" --outdir=out2 evil/z.sgf 2>err; rc=$?
check outdir-symlink-status [ "$rc" -eq 20 ]
check outdir-symlink-message grep -qxF 'evil/z.sgf: fatal F106: output file refused: out2/evil/z.sgf: its folder out2/evil is a symbolic link, which is never followed under the output folder' err
check outdir-symlink-no-folder [ -z "$(ls outside)" ]
check outdir-symlink-nothing [ ! -e outside/z.sgf ]
ln -s "$TMPD/outside/f.sgf" out2/evil.sgf
cp game.sgf evil.sgf
"$SGFTIDY" --outdir=out2 evil.sgf 2>err; rc=$?
check outdir-filelink-status [ "$rc" -eq 20 ]
check outdir-filelink-nothing [ ! -e outside/f.sgf ]
check outdir-filelink-message grep -q 'out2/evil.sgf: a symbolic link to a missing file' err

# --- JSON diagnostics are UTF-8 ------------------------------------------
name=$(printf 'bad\377name.sgf')
printf '(;FF[4]GM[1]XY[1];B[aa])' >"$name"
"$SGFTIDY" --format=json "$name" 2>json; rc=$?
check json-status [ "$rc" -eq 5 ]
check json-replaced grep -q '"file":"bad\\ufffdname.sgf"' json
if command -v iconv >/dev/null 2>&1; then
    check json-valid-utf8 iconv -f UTF-8 -t UTF-8 json -o /dev/null
fi

# --- an access ACL is carried over ------------------------------------------
# user::rw- user:nobody:rw- group::r-- mask::rw- other::--- (mode 660: the
# group bits are the mask).  Without the ACL the owning group could write.
cp game.sgf acl.sgf
chmod 640 acl.sgf
acl() {
    python3 -c '
import os, struct, sys
e = lambda t, p, i=0xffffffff: struct.pack("<HHI", t, p, i)
if sys.argv[1] == "set":
    os.setxattr(sys.argv[2], "system.posix_acl_access", struct.pack("<I", 2)
                + e(1, 6) + e(2, 6, 65534) + e(4, 4) + e(0x10, 6) + e(0x20, 0))
else:
    v = os.getxattr(sys.argv[2], "system.posix_acl_access")
    print(" ".join("%d:%d" % struct.unpack("<HH", v[k:k + 4]) for k in range(4, len(v), 8)))
' "$@" 2>/dev/null
}
if command -v python3 >/dev/null 2>&1 && acl set acl.sgf; then
    before=$(acl get acl.sgf)
    "$SGFTIDY" -q --in-place acl.sgf
    check acl-rewritten cmp -s norm.sgf acl.sgf
    check acl-kept [ "$(acl get acl.sgf)" = "$before" ]
    check acl-mode [ "$(mode acl.sgf)" = 660 ]
else
    notice "SKIP files: ACL (no python3, or the file system takes no ACL)"
fi

# --- names with control characters: quoted, one line each ------------------
mkdir nl
printf '(;GM[1]FF[4];B[aa])' >"nl/$(printf 'a\nb.sgf')"
printf '(;FF[4]GM[1]XY[1];B[aa])' >"nl/$(printf 'x\n::error file=e.sgf::forged\nz.sgf')"
"$SGFTIDY" --list-different nl >nl.list 2>/dev/null
printf '"nl/a\\nb.sgf"\n"nl/x\\n::error file=e.sgf::forged\\nz.sgf"\n' >nl.want
check names-listed-quoted cmp -s nl.want nl.list
"$SGFTIDY" --format=github --check --show-ok nl 2>nl.err
check names-github-one-line [ "$(grep -c '^::error' nl.err)" -eq 0 ]
check names-github-status grep -q '^"nl/a\\nb.sgf": OK$' nl.err
"$SGFTIDY" --check nl 2>nl.err
check names-text-quoted grep -q '^"nl/x\\n::error file=e.sgf::forged\\nz.sgf":1:13: warning W35' nl.err
check names-text-lines [ "$(wc -l <nl.err)" -eq 3 ]

# --- write faults: the old file stays, no temporary file -----------------
awk 'BEGIN { printf "(;FF[4]GM[1]SZ[19]C[%s]", "x"; for (i = 0; i < 40000; i++) printf ";B[aa] ;W[bb]  "; print ")" }' >big.sgf
cp big.sgf big-orig.sgf
(ulimit -f 64; "$SGFTIDY" -d58 --in-place big.sgf 2>err); rc=$?
check fsize-status [ "$rc" -eq 20 ]
check fsize-message grep -q 'fatal F27: cannot write output file: big.sgf: File too large' err
check fsize-content cmp -s big-orig.sgf big.sgf
check fsize-no-temps [ -z "$(temps .)" ]
if [ "$(id -u)" = 0 ] && mkdir small && mount -t tmpfs -o size=64k tmpfs small 2>/dev/null; then
    cp norm.sgf small/a.sgf
    "$SGFTIDY" -d58 --outdir=small big.sgf 2>err; rc=$?
    check full-disk-status [ "$rc" -eq 20 ]
    check full-disk-message grep -q 'F27: cannot write output file: small/big.sgf: No space left on device' err
    check full-disk-no-temps [ -z "$(temps small)" ]
    check full-disk-other cmp -s norm.sgf small/a.sgf
    umount small
else
    notice "SKIP files: full file system (mounting a small tmpfs needs root)"
fi

# -s: a write fault in one game tree's file leaves none written, and the
# files of an earlier run as they were.
awk 'BEGIN { print "(;FF[4]GM[1];B[aa])"; printf "(;FF[4]GM[1]SZ[19]C[x]"; for (i = 0; i < 40000; i++) printf ";B[aa] ;W[bb]  "; print ")"; print "(;FF[4]GM[1];B[bb])" }' >mixed.sgf
echo old >mixed-out_001.sgf
(ulimit -f 64; "$SGFTIDY" -d58 -s mixed.sgf mixed-out.sgf 2>err); rc=$?
check split-fault-status [ "$rc" -eq 20 ]
check split-fault-message grep -q 'fatal F27: cannot write output file: mixed-out_002.sgf: File too large' err
check split-fault-old [ "$(cat mixed-out_001.sgf)" = old ]
check split-fault-none-2 [ ! -e mixed-out_002.sgf ]
check split-fault-none-3 [ ! -e mixed-out_003.sgf ]
check split-fault-no-temps [ -z "$(temps .)" ]

# -s holds no descriptor per game tree.
awk 'BEGIN { for (i = 0; i < 300; i++) print "(;FF[4]GM[1];B[aa])" }' >many.sgf
(ulimit -n 32; "$SGFTIDY" -q -s many.sgf part.sgf); rc=$?
check split-many-status [ "$rc" -eq 0 ]
check split-many-files [ "$(ls part_*.sgf | wc -l)" -eq 300 ]

# --- batches: replacements put in place in groups -------------------------
# A file named twice is read new the second time (its group goes in place
# first), and every file is in place when the run ends.
mkdir group
cp game.sgf group/a.sgf
cp game.sgf group/b.sgf
"$SGFTIDY" -v --in-place --show-ok group/a.sgf group/b.sgf group/a.sgf 2>err; rc=$?
check group-status [ "$rc" -eq 0 ]
check group-changed [ "$(grep -c '(changed)' err)" -eq 2 ]
check group-unchanged [ "$(grep -c 'a.sgf: OK  (unchanged)' err)" -eq 1 ]
check group-content-a cmp -s norm.sgf group/a.sgf
check group-content-b cmp -s norm.sgf group/b.sgf
check group-no-temps [ -z "$(temps group)" ]

# --- signals: every file old or new, no temporary file left ---------------
# A batch rewritten in place is interrupted once a given number of its
# files have been replaced (so the signal comes in the middle of the
# batch whatever the speed of the machine); afterwards every file holds
# its old or its new content and no temporary file is left.
mkdir batch-orig batch-new
i=0
while [ $i -lt 30 ]; do
    awk -v n=$i 'BEGIN { printf "(;FF[4]GM[1]SZ[19]GN[%d]", n; for (k = 0; k < 15000; k++) printf ";B[%c%c] ;W[%c%c]\n", 97 + k % 19, 97 + (k * 7) % 19, 97 + (k * 3) % 19, 97 + (k * 11) % 19; print ")" }' >"batch-orig/g$i.sgf"
    i=$((i + 1))
done
"$SGFTIDY" -q -d58 --outdir=batch-new/x batch-orig 2>/dev/null
defsig=
if env --default-signal=INT true 2>/dev/null; then
    defsig="env --default-signal=INT"
else
    notice "SKIP files: SIGINT in the middle of a batch (env --default-signal is needed)"
fi
# replaced: how many files of run/ were replaced since run/.start.
replaced() { find run -name '*.sgf' -newer run/.start | wc -l; }
round=0
killed=0
# The last three rounds with two jobs: two files under way at once.
for spec in INT:1 TERM:1 HUP:1 INT:1 TERM:1 HUP:1 INT:2 TERM:2 HUP:2; do
    sig=${spec%:*}
    jobs=${spec#*:}
    round=$((round + 1))
    [ "$sig" = INT ] && [ -z "$defsig" ] && continue
    rm -rf run
    cp -r batch-orig run
    sleep 0.01
    touch run/.start
    # A shell without job control starts background commands with
    # SIGINT ignored (and an ignored signal stays ignored): restore it.
    $defsig "$SGFTIDY" -q -d58 -j$jobs --in-place run 2>/dev/null &
    pid=$!
    want_done=$(((round - 1) % 6 * 4 + 4))
    while kill -0 $pid 2>/dev/null && [ "$(replaced)" -lt $want_done ]; do
        sleep 0.01
    done
    kill -s $sig $pid 2>/dev/null
    wait $pid
    rc=$?
    mixed=0
    for f in run/*.sgf; do
        b=$(basename "$f")
        cmp -s "$f" "batch-orig/$b" || cmp -s "$f" "batch-new/x/batch-orig/$b" || mixed=1
    done
    check "signal-$sig-$round-files" [ $mixed -eq 0 ]
    check "signal-$sig-$round-no-temps" [ -z "$(temps run)" ]
    case $sig in INT) want=130 ;; TERM) want=143 ;; HUP) want=129 ;; esac
    [ "$rc" -eq 0 ] && want=0 # done before the signal came
    [ "$rc" -ne 0 ] && killed=$((killed + 1))
    echo "signal $sig (-j$jobs) after $(replaced) of 30 files: exit status $rc"
    check "signal-$sig-$round-status" [ "$rc" -eq "$want" ]
done
check signals-arrived-in-time [ "$killed" -ge 4 ]

# One file, no batch: its handlers are installed just before its
# temporary file is made.  Interrupted while it works, it leaves no
# temporary file and no output.
cat batch-orig/*.sgf batch-orig/*.sgf batch-orig/*.sgf >single-in.sgf
"$SGFTIDY" -q -d58 single-in.sgf single-norm.sgf
killed=0
for sig in INT TERM HUP; do
    [ "$sig" = INT ] && [ -z "$defsig" ] && continue
    rm -rf single
    mkdir single
    $defsig "$SGFTIDY" -q -d58 single-in.sgf single/out.sgf 2>/dev/null &
    pid=$!
    while kill -0 $pid 2>/dev/null && ! writing single $pid; do
        sleep 0.01
    done
    kill -s $sig $pid 2>/dev/null
    wait $pid
    rc=$?
    check "single-$sig-no-temps" [ -z "$(temps single)" ]
    case $sig in INT) want=130 ;; TERM) want=143 ;; HUP) want=129 ;; esac
    if [ "$rc" -eq 0 ]; then # done before the signal came
        check "single-$sig-complete" cmp -s single/out.sgf single-norm.sgf
    else
        killed=$((killed + 1))
        check "single-$sig-status" [ "$rc" -eq "$want" ]
        check "single-$sig-no-output" [ ! -e single/out.sgf ]
    fi
    echo "one file, signal $sig: exit status $rc"
done
check single-signals-arrived-in-time [ "$killed" -ge 1 ]

# Killed outright (SIGKILL: no handler runs) while it writes: where the
# temporary file has no name until it is complete, nothing is left.  The
# input is a FIFO that stays open with part of a game, so the run waits
# with its output begun.
rm -rf killed
mkdir killed
mkfifo killed-in
held killed-in killed -q killed-in killed/out.sgf 2>/dev/null
# Whether this file system makes files without a name (O_TMPFILE).
unnamed_here() {
    [ -d /proc/self/fd ] && command -v python3 >/dev/null 2>&1 &&
        python3 -c 'import os, sys; os.close(os.open(sys.argv[1], os.O_TMPFILE | os.O_RDWR))' killed 2>/dev/null
}
if unnamed_here; then
    check sigkill-unnamed-while-writing [ -z "$(temps killed)" ]
    kill -s KILL $pid
    wait $pid 2>/dev/null
    check sigkill-no-temps [ -z "$(ls -A killed)" ]
else
    notice "SKIP files: SIGKILL while writing (no temporary files without a name here)"
    kill -s KILL $pid
    wait $pid 2>/dev/null
fi
exec 3>&-

# The same in a batch: a replacement that waits for its group has no name
# either.  The test build holds the batch where its last group waits (the
# hook at the final sync, reading a FIFO that nothing writes to yet).
if unnamed_here; then
    rm -rf killed
    mkdir killed
    printf '(;FF[4]GM[1]SZ[19];B[aa]  )\n' >killed/a.sgf
    rm -f killed-hold killed.held killed.diag
    mkfifo killed-hold
    SGFTIDY_HOOK=outputs-sync SGFTIDY_HOOK_RUN=': >killed.held; exec cat killed-hold' \
        "$SGFTIDY_HOOKED" --in-place killed/a.sgf 2>killed.diag &
    pid=$!
    n=0
    while [ ! -e killed.held ] && [ $n -lt 400 ]; do
        sleep 0.05
        n=$((n + 1))
    done
    check sigkill-group-waiting grep -q '^killed/a.sgf: OK  (changed)' killed.diag
    kill -s KILL $pid
    wait $pid 2>/dev/null
    check sigkill-group-no-temps [ -z "$(temps killed)" ]
    check sigkill-group-old [ "$(cat killed/a.sgf)" = '(;FF[4]GM[1]SZ[19];B[aa]  )' ]
    : >killed-hold # the hook's reader ends
fi

# A new output that another program makes while the run reads its input
# is left as that program made it (27), never replaced: the run waits,
# its input a FIFO, with its output begun, while the file is made.
rm -rf made
mkdir made
mkfifo made-in
held made-in made made-in made/out.sgf 2>made.err
echo "their data" >made/out.sgf
printf ')\n' >&3
exec 3>&-
wait $pid
rc=$?
check made-meanwhile-status [ "$rc" -eq 20 ]
check made-meanwhile-kept [ "$(cat made/out.sgf)" = "their data" ]
check made-meanwhile-message grep -q '^made-in: fatal F27: cannot write output file: made/out.sgf: another program made it while this one ran: left as it is$' made.err
check made-meanwhile-no-temps [ -z "$(temps made)" ]

# A write fault that the file system reports only when the file is
# closed (as FUSE and NFS do): fatal 27, and no file, neither when the
# close of a copy of the descriptor fails before the new file is linked in
# place, nor when the close after the link does.  A library loaded before
# the program makes close() fail with EIO; it needs a C compiler, and a
# program built without AddressSanitizer (which must be loaded first) and
# not run under valgrind.
cc=$(command -v cc || command -v gcc || true)
if [ -n "$cc" ] && [ -z "${VALGRIND:-}" ] &&
    [ -z "${SGFTIDY_SANITIZED:-}" ] && ! grep -q __asan_init "$SGFTIDY" 2>/dev/null; then
    cat >closefail.c <<'SHIM'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
/* FAIL_AT=dup: the close of the copy made by dup(); FAIL_AT=link: the
 * close of the descriptor linked from /proc/self/fd */
static int marked = -1;
static int at(const char *w) { const char *e = getenv("FAIL_AT"); return e && !strcmp(e, w); }
int dup(int fd) {
    int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "dup");
    int r = real(fd);
    if (at("dup")) marked = r;
    return r;
}
int linkat(int a, const char *p, int b, const char *q, int f) {
    int (*real)(int, const char *, int, const char *, int) =
        (int (*)(int, const char *, int, const char *, int))dlsym(RTLD_NEXT, "linkat");
    int r = real(a, p, b, q, f);
    if (r == 0 && at("link") && !strncmp(p, "/proc/self/fd/", 14)) marked = atoi(p + 14);
    return r;
}
int close(int fd) {
    int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "close");
    if (fd >= 0 && fd == marked) { marked = -1; real(fd); errno = EIO; return -1; }
    return real(fd);
}
SHIM
    if "$cc" -shared -fPIC -o closefail.so closefail.c -ldl 2>/dev/null; then
        for when in dup link; do
            rm -rf cf
            mkdir cf
            FAIL_AT=$when LD_PRELOAD=$TMPD/closefail.so "$SGFTIDY" game.sgf cf/out.sgf 2>cf.err; rc=$?
            check "close-fault-$when-status" [ "$rc" -eq 20 ]
            check "close-fault-$when-message" grep -q '^game.sgf: fatal F27: cannot write output file: cf/out.sgf: Input/output error$' cf.err
            check "close-fault-$when-no-file" [ -z "$(ls -A cf)" ]
        done
    else
        notice "files.sh: close faults not tested (the library could not be built)"
    fi
else
    notice "files.sh: close faults not tested (no C compiler, or AddressSanitizer or valgrind)"
fi

# --- an append-only or immutable folder: refused, nothing left in it -------
# (chattr +a: files may be made there but never renamed nor removed, so a
# temporary file would stay for good.)
mkdir ao
for i in 1 2 3; do cp game.sgf ao/g$i.sgf; done
if chattr +a ao 2>/dev/null; then
    "$SGFTIDY" --in-place ao/g1.sgf ao/g2.sgf ao/g3.sgf >ao.out 2>ao.err; rc=$?
    "$SGFTIDY" -s game.sgf ao/split.sgf 2>>ao.err; rc2=$?
    "$SGFTIDY" -q game.sgf ao/new.sgf; rc3=$?
    chattr -a ao
    check append-only-status [ "$rc" -eq 20 ] && [ "$rc2" -eq 20 ]
    check append-only-message grep -qx 'ao/g2.sgf: fatal F27: cannot write output file: ao/g2.sgf: its folder is append-only or immutable: no file in it can be renamed or removed' ao.err
    check append-only-kept cmp -s ao/g3.sgf game.sgf
    check append-only-no-temp [ -z "$(temps ao)" ]
    # A new file is linked at its name in one step: that works there.
    check append-only-new [ "$rc3" -eq 0 ] && cmp -s ao/new.sgf norm.sgf
    check append-only-listing [ "$(ls -A ao | tr '\n' ' ')" = "g1.sgf g2.sgf g3.sgf new.sgf " ]
else
    notice "files.sh: append-only folders not tested (chattr +a refused: not root, or a file system without it)"
fi

echo "files: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
