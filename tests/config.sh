#!/bin/sh
# config.sh - which configuration files (.sgftidy) are obeyed: the search
# ends at the top of a repository; a file is refused (message 142, never
# read nor quoted) when it is a link, a FIFO, too large, another user's or
# writable by others; a read error is message 120; the batch summary names
# every configuration file met, in every format that has a summary.
. "$(dirname "$0")/setup.sh"

pass=0
fail=0
nl='
'
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
# check NAME WANT_RC WANT_STDOUT WANT_STDERR -- ARGS...: runs sgftidy in
# $TMPD/w (at most 20 seconds); the time at the end of a summary becomes
# T, and $TMPD becomes @.
check() {
    name=$1 want_rc=$2 want_out=$3 want_err=$4
    shift 5
    (cd "$TMPD/w" && timeout 20 $VALGRIND_RUN "$SGFTIDY" "$@") \
        >"$TMPD/out" 2>"$TMPD/err.raw" </dev/null
    rc=$?
    sed -e 's/; [0-9]*\.[0-9][0-9] s$/; T s/' \
        -e 's/"seconds":[0-9.]*/"seconds":T/' \
        -e "s|$TMPD|@|g" "$TMPD/err.raw" >"$TMPD/err"
    if [ "$rc" -ne "$want_rc" ]; then
        echo "FAIL $name: exit status $rc, expected $want_rc"
        cat "$TMPD/err"
        fail=$((fail + 1))
    elif ! printf '%s' "$want_out" | diff -u - "$TMPD/out"; then
        echo "FAIL $name: standard output differs"
        fail=$((fail + 1))
    elif ! printf '%s' "$want_err" | diff -u - "$TMPD/err"; then
        echo "FAIL $name: standard error differs"
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
}
VALGRIND_RUN=${VALGRIND:-}
if ! command -v timeout >/dev/null 2>&1; then
    echo "config.sh: timeout(1) is needed" >&2
    exit 77
fi

# Every tree below is a repository of its own: no configuration file
# above $TMPD is met.
mkdir -p "$TMPD/w/.git" "$TMPD/w/r/g"
cd "$TMPD/w" || exit 99
good='(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa];W[bb])'
printf '%s\n' '(;FF[4]CA[UTF-8]GM[1]SZ[9]DT[2000-7-19];B[aa];W[bb])' >r/g/date.sgf
printf '%s\n' '(;FF[4]CA[UTF-8]GM[1];B[aa]XY[1])' >r/g/warn.sgf
e15='r/g/date.sgf:1:29: error E15: illegal <DT> value corrected; new [2000-07-19], old [2000-7-19]'
w35='r/g/warn.sgf:1:28: warning W35: unknown property <XY> kept'
w142() { # w142 FILE WHY: the warning of FILE for r/.sgftidy
    printf '%s: warning W142: configuration file refused: @/w/r/.sgftidy: %s; the command line'"'"'s options alone apply' "$1" "$2"
}

# A file obeyed is named in the summary.
printf 'disable = 15\nmute = UNKNOWN_PROP\n' >r/.sgftidy
check used 0 "" "r/g/date.sgf: OK  (1 message(s) ignored)${nl}r/g/warn.sgf: OK  (1 message(s) ignored)${nl}sgftidy: configuration file used: @/w/r/.sgftidy${nl}sgftidy: 2 files: 2 OK; T s$nl" -- --show-ok --check r/g
check used-json 0 "" "{\"summary\":{\"files\":1,\"ok\":1,\"with_warnings\":0,\"with_errors\":0,\"failed\":0,\"written\":0,\"changed\":0,\"unchanged\":0,\"not_in_normal_form\":0,\"skipped\":0,\"skipped_for\":{\"unreadable\":0,\"no_sgf_data\":0,\"critical\":0,\"hard_links\":0,\"refused\":0,\"write_failed\":0,\"fatal\":0},\"folders_not_read\":0,\"links_not_followed\":{\"files\":0,\"folders\":0},\"configuration_files\":[{\"path\":\"@/w/r/.sgftidy\",\"used\":true}],\"seconds\":T}}$nl" -- --format=json --check r/g/date.sgf
check used-sgfc 0 "" "r/g/date.sgf: OK  (1 message(s) ignored)${nl}sgftidy: configuration file used: @/w/r/.sgftidy${nl}sgftidy: 1 file: 1 OK; T s$nl" -- --show-ok --format=sgfc --check r/g/date.sgf
check used-quiet 0 "" "" -- -q --check r/g
check no-config 10 "" "$e15$nl$w35$nl" -- -q --no-config --check r/g

# The top of a repository ends the search: a file above it is not met.
for top in .git .hg .svn; do
    rm -rf r/g/.git r/g/.hg r/g/.svn
    mkdir "r/g/$top"
    check "beyond-$top" 10 "" "$e15${nl}r/g/date.sgf: 1 error(s)${nl}sgftidy: 1 file: 1 with errors; T s$nl" -- --check r/g/date.sgf
done
rm -rf r/g/.svn
: >r/g/.git # a worktree's or submodule's .git is a file
check beyond-git-file 10 "" "$e15$nl" -- -q --check r/g/date.sgf
rm r/g/.git
# ... and one in the top folder itself is the repository's own.
mkdir r/g/.git
printf 'disable = 15\n' >r/g/.sgftidy
check repo-own 0 "" "r/g/date.sgf: OK  (1 message(s) ignored)${nl}sgftidy: configuration file used: @/w/r/g/.sgftidy${nl}sgftidy: 1 file: 1 OK; T s$nl" -- --show-ok --check r/g/date.sgf
# An empty file ends the search: the command line's options alone.
: >r/g/.sgftidy
check empty-ends 10 "" "$e15${nl}r/g/date.sgf: 1 error(s)${nl}sgftidy: configuration file used: @/w/r/g/.sgftidy${nl}sgftidy: 1 file: 1 with errors; T s$nl" -- --check r/g/date.sgf
rm -rf r/g/.git r/g/.sgftidy

# Refused files: never read, never quoted; the command line's options,
# and warning 142 after each file's other messages.  A --check gate that
# fails stays failed.
refused() { # refused NAME WHY: the gate over r/g, as that of an error
    check "$1" 10 "" "$e15${nl}$(w142 r/g/date.sgf "$2")${nl}r/g/date.sgf: 1 error(s)  1 warning(s)${nl}$w35${nl}$(w142 r/g/warn.sgf "$2")${nl}r/g/warn.sgf: 2 warning(s)${nl}sgftidy: configuration file not used: @/w/r/.sgftidy: $2${nl}sgftidy: 2 files: 1 with warnings, 1 with errors; T s$nl" -- --check r/g
}
# A link to a file with a secret, whose words must appear nowhere.
secret='TOKEN-4f1d2c-do-not-print'
printf '%s\n' "$secret" >secret.txt
printf 'disable = 15\nfail-on = critical\n' >allowed.cfg
rm -f r/.sgftidy
ln -s ../secret.txt r/.sgftidy
refused link-secret "a symbolic link"
for fmt in default sgfc json sarif github gitlab; do
    for how in "--check r/g" "r/g/date.sgf" "r/g/warn.sgf r/g/out.sgf"; do
        # shellcheck disable=SC2086
        (cd "$TMPD/w" && timeout 20 "$SGFTIDY" --format=$fmt $how) >"$TMPD/out" 2>"$TMPD/err" </dev/null
        rc=$?
        if grep -q "$secret" "$TMPD/out" "$TMPD/err"; then
            bad "link-secret-$fmt ($how): the secret is printed"
        elif ! grep -q '142' "$TMPD/err"; then
            bad "link-secret-$fmt ($how): no message 142"
        elif [ $rc -lt 5 ]; then
            bad "link-secret-$fmt ($how): exit status $rc"
        else
            ok
        fi
        rm -f r/g/out.sgf
    done
done
# The documents stay valid, and name the file refused.
(cd "$TMPD/w" && "$SGFTIDY" --format=sarif --check r/g) 2>"$TMPD/sarif" >/dev/null
(cd "$TMPD/w" && "$SGFTIDY" --format=gitlab --check r/g) 2>"$TMPD/gitlab" >/dev/null
(cd "$TMPD/w" && "$SGFTIDY" --format=json --check r/g) 2>"$TMPD/json" >/dev/null
if command -v python3 >/dev/null 2>&1; then
    python3 - "$TMPD/sarif" "$TMPD/gitlab" "$TMPD/json" "$TMPD" <<'PY' && ok || bad "documents with a refused configuration file"
import json, sys
sarif = json.load(open(sys.argv[1]))
s = sarif["runs"][0]["invocations"][0]["properties"]["summary"]
want = [{"path": sys.argv[4] + "/w/r/.sgftidy", "used": False, "why": "a symbolic link"}]
assert s["configuration_files"] == want, s
assert any(r["ruleId"] == "142" for r in sarif["runs"][0]["results"])
assert any(i["check_name"] == "sgftidy/CONFIG_REFUSED" for i in json.load(open(sys.argv[2])))
lines = [json.loads(l) for l in open(sys.argv[3])]
assert lines[-1]["summary"]["configuration_files"] == want
PY
else
    notice "config.sh: python3 not found: the documents not parsed"
fi
rm r/.sgftidy
# A link to a file that grows without end: not opened.
ln -s /proc/self/pagemap r/.sgftidy
refused link-pagemap "a symbolic link"
rm r/.sgftidy
# A FIFO: not opened, so never waited on.
if mkfifo r/.sgftidy 2>/dev/null; then
    refused fifo "not a regular file"
    rm r/.sgftidy
else
    notice "config.sh: mkfifo failed: FIFO not tested"
fi
# A folder by that name.
mkdir r/.sgftidy
refused folder "not a regular file"
rmdir r/.sgftidy
# A sparse file of 100 MB: refused by its size, at once.
dd if=/dev/null of=r/.sgftidy bs=1 seek=100000000 2>/dev/null
refused sparse "larger than 65536 bytes"
# One of 65537 bytes is too large; one of 65536 is read.
awk 'BEGIN { printf "disable = 15\n"; for (i = 13; i < 65536; i++) printf "#"; printf "\n" }' >r/.sgftidy
refused too-large "larger than 65536 bytes"
awk 'BEGIN { printf "disable = 15\n"; for (i = 13; i < 65535; i++) printf "#"; printf "\n" }' >r/.sgftidy
check largest 5 "" "$w35$nl" -- -q --check r/g
# Writable by every user, or in a folder every user may write to.
cp allowed.cfg r/.sgftidy
chmod 666 r/.sgftidy
refused world-writable "writable by every user"
chmod 644 r/.sgftidy
chmod 777 r
refused world-folder "in a folder that every user may write to"
chmod 1777 r
refused sticky-folder "in a folder that every user may write to"
chmod 755 r
# -d142 silences it; --no-config reads nothing.
chmod 666 r/.sgftidy
check refused-silenced 10 "" "$e15$nl$w35$nl" -- -q -d142 --check r/g
check refused-no-config 10 "" "$e15$nl$w35$nl" -- -q --no-config --check r/g
# The same with several jobs.
(cd "$TMPD/w" && "$SGFTIDY" -j1 --check r/g) >/dev/null 2>"$TMPD/j1"
(cd "$TMPD/w" && "$SGFTIDY" -j3 --check r/g) >/dev/null 2>"$TMPD/j3"
sed 's/; [0-9.]* s$//' "$TMPD/j1" >"$TMPD/j1.c"
sed 's/; [0-9.]* s$//' "$TMPD/j3" >"$TMPD/j3.c"
cmp -s "$TMPD/j1.c" "$TMPD/j3.c" && ok || bad "refused: -j3 differs from -j1"
chmod 644 r/.sgftidy

# Another user's file, or one in another user's folder: as root only.
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
    uid=$(id -u nobody)
    chown nobody r/.sgftidy
    refused other-user "owned by another user (uid $uid)"
    chown 0 r/.sgftidy
    chown nobody r
    refused other-folder "in a folder owned by another user (uid $uid)"
    chown 0 r
    # sgftidy run by that user: root's file in root's folder is obeyed,
    # its own too; the folder must be readable for it.
    if command -v setpriv >/dev/null 2>&1 && [ -z "${VALGRIND:-}" ] &&
        setpriv --reuid="$uid" --regid="$(id -g nobody)" --clear-groups "$SGFTIDY" --version >/dev/null 2>&1; then
        chmod 755 "$TMPD"
        as_nobody() { (cd "$TMPD/w" && setpriv --reuid="$uid" --regid="$(id -g nobody)" --clear-groups "$SGFTIDY" "$@") 2>&1; }
        [ "$(as_nobody -q --check r/g/date.sgf)" = "" ] && ok || bad "root's file not obeyed by another user"
        chmod 664 r/.sgftidy
        as_nobody -q --check r/g/date.sgf | grep -q "^r/g/date.sgf: warning W142: configuration file refused: $TMPD/w/r/.sgftidy: owned by root and writable by its group;" &&
            ok || bad "root's file writable by its group obeyed by another user"
        chmod 644 r/.sgftidy
        chown nobody r/.sgftidy
        [ "$(as_nobody -q --check r/g/date.sgf)" = "" ] && ok || bad "the user's own file in root's folder not obeyed"
        chown 0 r/.sgftidy
        chmod 700 "$TMPD"
    else
        notice "config.sh: not run as another user (no setpriv, or the program lies in a folder that user cannot reach)"
    fi
else
    notice "config.sh: not root: files of other users not tested"
fi

# A file system mounted below a configuration file: the search does not
# leave it (as root, where a file system can be mounted).
mkdir -p r/m
if [ "$(id -u)" = 0 ] && mount -t tmpfs sgftidy-test r/m 2>/dev/null; then
    printf 'disable = 15\n' >r/.sgftidy
    cp r/g/date.sgf r/m/date.sgf
    check other-fs 10 "" "r/m/date.sgf:1:29: error E15: illegal <DT> value corrected; new [2000-07-19], old [2000-7-19]$nl" -- -q --check r/m/date.sgf
    check same-fs 0 "" "" -- -q --check r/g/date.sgf
    umount r/m
else
    notice "config.sh: no file system mounted (not root, or not allowed): a change of file system not tested"
fi
rmdir r/m

# A line that is not an option is quoted only when it holds no control
# character; a NUL byte likewise.
printf 'disable = 15\n\033]0;%s\007\n' "$secret" >r/.sgftidy
check control 20 "" "r/g/date.sgf: fatal F120: configuration file not used: @/w/r/.sgftidy:2: a control character${nl}sgftidy: configuration file not used: @/w/r/.sgftidy: a fault (message 120)${nl}sgftidy: 1 file: 1 failed; 1 skipped (1 fatal); T s$nl" -- --check r/g/date.sgf
printf 'disable = 15\n%s\000\n' "$secret" >r/.sgftidy
check nul 20 "" "r/g/date.sgf: fatal F120: configuration file not used: @/w/r/.sgftidy:2: a NUL byte$nl" -- -q --check r/g/date.sgf
printf 'no-such-option\n' >r/.sgftidy
check unknown 20 "" "r/g/date.sgf: fatal F120: configuration file not used: @/w/r/.sgftidy:1: unknown option 'no-such-option'$nl" -- -q --check r/g/date.sgf
printf 'x%.0s' $(seq 41) >r/.sgftidy
check long-name 20 "" "r/g/date.sgf: fatal F120: configuration file not used: @/w/r/.sgftidy:1: not an option (a name too long for one)$nl" -- -q --check r/g/date.sgf
printf '\357\273\277disable = 15\r\nfail-on = error  \r\n' >r/.sgftidy
check bom-crlf 0 "" "" -- -q --check r/g/date.sgf

# A read error is message 120, not the end of the file: a library
# loaded before the program makes reads of a .sgftidy fail (EIO, ENOMEM).
# It needs a C compiler, and a program built without AddressSanitizer
# (SGFTIDY_SANITIZED, from the build: the program may be a wrapper script)
# and not run under valgrind.
cc=$(command -v cc || command -v gcc || true)
if [ -n "$cc" ] && [ -z "${VALGRIND:-}" ] &&
    [ -z "${SGFTIDY_SANITIZED:-}" ] && ! grep -q __asan_init "$SGFTIDY" 2>/dev/null; then
    cat >"$TMPD/readfail.c" <<'SHIM'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
/* read() of a file named .sgftidy fails with READ_ERRNO after its
 * first line has been read. */
ssize_t read(int fd, void *buf, size_t n) {
    ssize_t (*real)(int, void *, size_t) =
        (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
    char link[64], path[4096];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t l = readlink(link, path, sizeof path - 1);
    if (l >= 9 && memcmp(path + l - 9, "/.sgftidy", 9) == 0) {
        if (lseek(fd, 0, SEEK_CUR) > 0) {
            errno = atoi(getenv("READ_ERRNO"));
            return -1;
        }
        return real(fd, buf, n < 13 ? n : 13);
    }
    return real(fd, buf, n);
}
SHIM
    if "$cc" -shared -fPIC -o "$TMPD/readfail.so" "$TMPD/readfail.c" -ldl 2>/dev/null; then
        printf 'disable = 15\nno-such-option\n' >r/.sgftidy
        for e in 5:Input/output 12:Cannot; do
            n=${e%%:*}
            (cd "$TMPD/w" && READ_ERRNO=$n LD_PRELOAD="$TMPD/readfail.so" "$SGFTIDY" -q --check r/g/date.sgf) >"$TMPD/out" 2>"$TMPD/err"
            rc=$?
            [ $rc -eq 20 ] && grep -q "^r/g/date.sgf: fatal F120: configuration file not used: $TMPD/w/r/.sgftidy: cannot be read: ${e#*:}" "$TMPD/err" &&
                ok || { bad "read error $n: exit status $rc"; cat "$TMPD/err"; }
        done
    else
        notice "config.sh: read faults not tested (the library could not be built)"
    fi
else
    notice "config.sh: read faults not tested (no C compiler, or AddressSanitizer or valgrind)"
fi

# --explain: message 142 is silenced on the command line only (it comes
# where no configuration file is obeyed).
"$SGFTIDY" --explain=142 | tail -n 1 | grep -qx 'To silence it: -d142 or --mute=CONFIG_REFUSED on the command line.' &&
    ok || bad "--explain=142 offers a configuration file"

echo "config: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
