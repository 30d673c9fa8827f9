#!/bin/sh
# diff.sh - --diff as patch(1) and git apply read it: files whose names
# hold a space, '#', '?', a tab, '"', '\', an escape and bytes outside
# ASCII are patched (patch -p0, git apply -p0) into sgftidy's normalized
# output byte for byte, without a question; the header lines are checked
# byte for byte; then the diff engine on generated texts (its own check,
# and patch applying what it wrote), with its normal bounds and with
# small ones that make small texts take every path.  patch and git are
# needed (the bootstrap installs them): without them the test fails.
. "$(dirname "$0")/setup.sh"

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }

for cmd in patch git; do
    if ! command -v $cmd >/dev/null 2>&1; then
        echo "diff.sh: $cmd not found (Debian package $cmd; ./bootstrap installs it)"
        exit 1
    fi
done
bindir=$(dirname "$SGFTIDY")

cd "$TMPD" || exit 99
mkdir orig want
tab=$(printf '\t')
esc=$(printf '\033')
# The names, one per line (none holds a line break).
cat >names <<EOF
Honinbo 1993 game 1.sgf
a#b.sgf
what?.sgf
tab${tab}here.sgf
say "hi".sgf
back\\slash.sgf
Go $(printf '\346\227\245\346\234\254') Ki-in.sgf
esc${esc}[31m.sgf
 lead and trail .sgf
EOF
game='(;GM[1]FF[4]SZ[9]DT[2000-7-19]PB[Black];B[aa];W[bb])'
while IFS= read -r n; do
    printf '%s\n' "$game" >"orig/$n"
    "$SGFTIDY" -q "orig/$n" "want/$n" 2>/dev/null
done <names
# Each name once in a list for xargs (-0 keeps tabs and quotes).
tr '\n' '\0' <names >names0

# --diff of all files at once, patched with patch -p0: no prompt (standard
# input is /dev/null, -t answers nothing), no complaint, exact bytes.
rm -rf p && cp -R orig p
(cd p && xargs -0 "$SGFTIDY" -q --diff -- <../names0 >../all.diff 2>/dev/null)
[ -s all.diff ] && ok || bad "no diff"
(cd p && patch -p0 -t -N -i ../all.diff </dev/null >../patch.out 2>../patch.err)
rc=$?
[ $rc -eq 0 ] && [ ! -s patch.err ] && ! grep -q 'File to patch' patch.out &&
    ok || { bad "patch -p0: status $rc"; cat patch.out patch.err; }
while IFS= read -r n; do
    cmp -s "p/$n" "want/$n" && ok || bad "patch -p0: $n differs from the normalized file"
done <names

# The same with git apply -p0, in a repository of its own.
rm -rf g && cp -R orig g
(cd g && git init -q . && git apply -p0 ../all.diff </dev/null >../git.out 2>&1)
rc=$?
[ $rc -eq 0 ] && ok || { bad "git apply -p0: status $rc"; cat git.out; }
while IFS= read -r n; do
    cmp -s "g/$n" "want/$n" && ok || bad "git apply -p0: $n differs from the normalized file"
done <names

# Header lines, byte for byte: a plain name as it is; a name with a
# space, a tab, '"', '\', an escape or bytes outside ASCII in C quotes.
# A tab ends the name either way.
header() { # header NAME WANT: the first two lines of NAME's diff
    (cd orig && "$SGFTIDY" -q --diff -- "$1" 2>/dev/null) | sed -n 1,2p >hdr
    printf '%s\n%s\n' "--- $2$tab" "+++ $2$tab" >hdr.want
    cmp -s hdr hdr.want && ok || { bad "header of $1"; od -c hdr | sed 5q; }
}
header 'a#b.sgf' 'a#b.sgf'
header 'what?.sgf' 'what?.sgf'
header 'Honinbo 1993 game 1.sgf' '"Honinbo 1993 game 1.sgf"'
header "tab${tab}here.sgf" '"tab\there.sgf"'
header 'say "hi".sgf' '"say \"hi\".sgf"'
header 'back\slash.sgf' '"back\\slash.sgf"'
header "Go $(printf '\346\227\245\346\234\254') Ki-in.sgf" '"Go \346\227\245\346\234\254 Ki-in.sgf"'
header "esc${esc}[31m.sgf" '"esc\033[31m.sgf"'
# No control character of a name reaches the output raw: the lines that
# are not the files' own hold no byte below space but the tab.
grep -v '^[-+ @\\]' all.diff >/dev/null && bad "a line of another kind in the diff" || ok
grep '^\(---\|+++\) ' all.diff | tr -d '\t' | LC_ALL=C grep -q '[[:cntrl:]]' &&
    bad "a control character in a header line" || ok
grep '^\(---\|+++\) ' all.diff | LC_ALL=C grep -q "$(printf '[\200-\377]')" &&
    bad "a byte outside ASCII in a header line" || ok

# The engine on generated texts: applied by its own strict reader, and
# minimal where it promises to be.
for prog in diff-engine diff-engine-small; do
    out=$("$bindir/tests/$prog" 2>&1)
    rc=$?
    [ $rc -eq 0 ] && ok || { bad "$prog: status $rc"; printf '%s\n' "$out" | tail -n 5; }
done
# ... and by patch: each a into its b, byte for byte.
for prog in diff-engine diff-engine-small; do
    rm -rf gen && mkdir gen
    "$bindir/tests/$prog" -w gen 400 >/dev/null 2>&1
    n=0
    bad_cases=0
    for d in gen/*.diff; do
        k=${d%.diff}
        patch -s -t -o "$k.got" "$k.a" -i "$d" </dev/null >/dev/null 2>&1 &&
            cmp -s "$k.got" "$k.b" || { bad_cases=$((bad_cases + 1)); echo "  $prog: $d"; }
        n=$((n + 1))
    done
    [ $n -gt 300 ] && [ $bad_cases -eq 0 ] && ok ||
        bad "$prog: $bad_cases of $n diffs not applied by patch"
done

echo "diff: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
