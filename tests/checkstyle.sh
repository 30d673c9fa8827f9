#!/bin/sh
# checkstyle.sh - --format=checkstyle: the exact bytes of the report (one
# <file> element per input, an <error> per message, an empty element
# for a clean file, the fatal errors of a file and of the command line,
# the escapes of names and texts), the same report with -q and with
# --jobs, and the report parsed by xmllint when it is installed.
. "$(dirname "$0")/setup.sh"

pass=0
fail=0
nl='
'
# check NAME WANT_RC WANT_STDERR -- ARGS...: runs sgftidy in $TMPD; the
# report (standard error) is kept in $TMPD/err.
check() {
    name=$1 want_rc=$2 want=$3
    shift 4
    (cd "$TMPD" && run "$@") >"$TMPD/out" 2>"$TMPD/err" </dev/null
    rc=$?
    if [ "$rc" -ne "$want_rc" ]; then
        echo "FAIL $name: exit status $rc, expected $want_rc"
        cat "$TMPD/err"
        fail=$((fail + 1))
    elif ! printf '%s' "$want" | cmp -s - "$TMPD/err"; then
        echo "FAIL $name: the report differs"
        printf '%s' "$want" | diff -u - "$TMPD/err"
        fail=$((fail + 1))
    elif [ -s "$TMPD/out" ]; then
        echo "FAIL $name: standard output is not empty"
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
}
# valid NAME: the last report parses as XML, where xmllint is there.
xmllint_found=no
command -v xmllint >/dev/null 2>&1 && xmllint_found=yes
valid() {
    [ $xmllint_found = yes ] || return 0
    if xmllint --noout "$TMPD/err" 2>"$TMPD/lint"; then
        pass=$((pass + 1))
    else
        echo "FAIL $1: xmllint refuses the report"
        cat "$TMPD/lint"
        fail=$((fail + 1))
    fi
}

printf '(;FF[4]GM[1]SZ[9]DT[2000-7-19];B[aa] junk ;W[bb]XY[1])\n' >"$TMPD/bad.sgf"
printf '(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa];W[bb])\n' >"$TMPD/good.sgf"
head='<?xml version="1.0" encoding="UTF-8"?>
<checkstyle version="4.3">
'
bad='<file name="bad.sgf">
<error line="1" column="38" severity="error" message="illegal characters outside values deleted: &quot;junk&quot;" source="sgftidy.8"/>
<error line="1" column="20" severity="error" message="illegal &lt;DT&gt; value corrected; new [2000-07-19], old [2000-7-19]" source="sgftidy.15"/>
<error line="1" column="49" severity="warning" message="unknown property &lt;XY&gt; kept" source="sgftidy.35"/>
</file>
'
tail='</checkstyle>
'

# One file with several messages: errors, a critical one, a warning, an
# information message (-g).
check one 10 "$head$bad$tail" -- --format=checkstyle bad.sgf
valid one
check info 0 "$head<file name=\"good.sgf\">
<error severity=\"info\" message=\"game signature of game tree 1: &apos;------ ------&apos;\" source=\"sgftidy.102\"/>
</file>
$tail" -- --format=checkstyle -g good.sgf
valid info
# A clean file is an empty element; a batch of two files, one element
# each, in the order given; no status or summary line in the document.
check clean 0 "$head<file name=\"good.sgf\"/>
$tail" -- --format=checkstyle good.sgf
check batch 10 "$head$bad<file name=\"good.sgf\"/>
$tail" -- --format=checkstyle --check bad.sgf good.sgf
valid batch
# -q keeps the document whole; --jobs gives the same bytes.
check quiet 10 "$head$bad<file name=\"good.sgf\"/>
$tail" -- --format=checkstyle -q --check bad.sgf good.sgf
check jobs 10 "$head$bad<file name=\"good.sgf\"/>
$tail" -- --format=checkstyle -j 2 --check bad.sgf good.sgf
# Fatal errors: a file that cannot be opened (no line, no column), after
# a clean one; a fault of the command line, under the name sgftidy.
check missing 20 "$head<file name=\"good.sgf\"/>
<file name=\"missing.sgf\">
<error severity=\"error\" message=\"cannot open input file: No such file or directory\" source=\"sgftidy.3\"/>
</file>
$tail" -- --format=checkstyle --check good.sgf missing.sgf
valid missing
check command-line 20 "$head<file name=\"sgftidy\">
<error severity=\"error\" message=\"bad option argument: -l9: valid values are 1-4\" source=\"sgftidy.49\"/>
</file>
$tail" -- --format=checkstyle -l9 good.sgf
valid command-line
# Escapes in a file name: the five characters of markup as entities, a
# tab as a reference, an escape (which XML 1.0 forbids) and a byte that
# is not UTF-8 as U+FFFD.
name=$(printf 'a&b<c>"d'"'"'e\tf\033g\377h.sgf')
cp "$TMPD/good.sgf" "$TMPD/$name"
check escapes 0 "$head<file name=\"a&amp;b&lt;c&gt;&quot;d&apos;e&#9;f$(printf '\357\277\275')g$(printf '\357\277\275')h.sgf\"/>
$tail" -- --format=checkstyle "$name"
valid escapes
# A line feed in a name is a reference too, and the text of a message
# that names the file holds it so.
name2=$(printf 'new\nline.sgf')
check line-feed 20 "$head<file name=\"new&#10;line.sgf\">
<error severity=\"error\" message=\"cannot open input file: No such file or directory\" source=\"sgftidy.3\"/>
</file>
$tail" -- --format=checkstyle "$name2"
valid line-feed

[ $xmllint_found = yes ] || notice "checkstyle.sh: xmllint not found (Debian: libxml2-utils): the reports were compared byte by byte, not parsed"
echo "checkstyle: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
