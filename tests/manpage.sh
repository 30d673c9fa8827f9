#!/bin/sh
# manpage.sh - the man page documents every option of src/option_list.h (its
# letter and its long name) and every message number of src/msg_list.h,
# and its header the version of the program, so that help, catalogue and
# documentation cannot drift apart.
. "$(dirname "$0")/setup.sh"

man="$srcdir/man/sgftidy.1"
sed 's/\\-/-/g' "$man" >"$TMPD/man"
fail=0
pass=0
# The header names the version --version prints (VERSION).
version=$(cat "$srcdir/VERSION")
if head -n 1 "$man" | grep -q "\"sgftidy $version\"" &&
    "$SGFTIDY" --version | head -n 1 | grep -q " $version\$"; then
    pass=$((pass + 1))
else
    echo "FAIL: the man page's header and --version do not both say $version"
    head -n 1 "$man"; "$SGFTIDY" --version | head -n 1
    fail=$((fail + 1))
fi
# Options: OPTION(id, 'x', "long-name", ...) and COMMAND(id, 'x', ...)
sed -n 's/^[A-Z]*([A-Z0-9_]*, *\([^,]*\), *"\([^"]*\)".*/\1 \2/p' "$srcdir/src/option_list.h" >"$TMPD/opts"
while read -r letter name; do
    if ! grep -q -- "--$name" "$TMPD/man"; then
        echo "FAIL: --$name is not in the man page"; fail=$((fail + 1)); continue
    fi
    case "$letter" in
    0) ;;
    *)
        l=$(printf '%s' "$letter" | tr -d "'")
        if ! grep -q -- "^\.BR* -$l" "$TMPD/man"; then
            echo "FAIL: -$l is not in the man page"; fail=$((fail + 1)); continue
        fi ;;
    esac
    pass=$((pass + 1))
done <"$TMPD/opts"
# Messages: MSG( n, KEY, ...) must have an entry ".B n ..." or be named in
# the paragraph on the catalogue's other numbers.
others=$(grep -A3 'The catalogue also holds' "$TMPD/man" | tr '\n' ' ')
for n in $(sed -n 's/^MSG( *\([0-9]*\),.*/\1/p' "$srcdir/src/msg_list.h"); do
    if grep -q "^\.B $n " "$TMPD/man"; then pass=$((pass + 1)); continue; fi
    found=0
    for item in $(printf '%s' "$others" | sed 's/.*holds//; s/[^0-9-]/ /g'); do
        lo=${item%-*} hi=${item#*-}
        [ -n "$lo" ] && [ -n "$hi" ] && [ "$n" -ge "$lo" ] && [ "$n" -le "$hi" ] && found=1
    done
    if [ $found = 1 ]; then pass=$((pass + 1)); else echo "FAIL: message $n is not in the man page"; fail=$((fail + 1)); fi
done
# src/msg_doc.h (the long descriptions of --explain and SARIF) is made
# from the man page by man/msgdoc.sh: the two must agree.
sh "$srcdir/man/msgdoc.sh" "$man" >"$TMPD/doc"
if grep '^DOC(' "$srcdir/src/msg_doc.h" | cmp -s - "$TMPD/doc"; then
    pass=$((pass + 1))
else
    echo "FAIL: src/msg_doc.h differs from the man page (make update-msgdoc)"
    fail=$((fail + 1))
fi
echo "manpage: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
