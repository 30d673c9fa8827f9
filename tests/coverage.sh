#!/bin/sh
# coverage.sh - every message of the catalogue (src/msg_list.h) is raised
# by at least one golden case (tests/cases/*/*.diag), or is listed below
# with the reason no golden case can raise it.
. "$(dirname "$0")/setup.sh"

# number: reason (a golden case names a readable input and a new output,
# and runs without fault injection)
untestable='
3: cannot open the input: golden inputs exist (tests/files.sh)
4: cannot read the input: needs a read fault (tests/files.sh)
5: out of memory: needs allocation fault injection
26: cannot open the output: needs an unwritable place (tests/files.sh)
27: cannot write the output: needs a write fault (tests/files.sh)
48: no input file: a golden case always names one (tests/options.sh)
70: the charset converter fails: needs a converter fault
73: never raised: SGFC number kept reserved (trees that differ: 74, 75)
100: option not supported yet: every option of the table is supported now
105: hard links of the output: needs a linked output (tests/files.sh)
106: output refused: needs an --outdir or special file (tests/files.sh)
111: output holds other games: needs an existing OUTFILE (tests/options.sh)
115: a detection close call depends on the detection tables (tests/charsets.sh)
120: a bad configuration file: needs one above the case folder (tests/lint.sh)
142: a refused configuration file: needs one above the case folder (tests/config.sh)
143: a folder that cannot be read: needs such a folder (tests/inputs.sh, tests/files.sh)
151: a record of another format rewritten in place: needs the input as output (tests/foreign.sh)
152: not in normal form: raised by the reporters with --list-different (tests/reports.sh)
'
pass=0
fail=0
for n in $(sed -n 's/^MSG( *\([0-9]*\),.*/\1/p' "$srcdir/src/msg_list.h"); do
    if grep -qE "(error E|warning W|fatal F|info I)$n( |:)" "$srcdir"/tests/cases/*/*.diag; then
        if printf '%s' "$untestable" | grep -q "^$n:"; then
            echo "FAIL: message $n is listed as untestable but a golden case raises it"
            fail=$((fail + 1))
        else
            pass=$((pass + 1))
        fi
    elif printf '%s' "$untestable" | grep -q "^$n:"; then
        pass=$((pass + 1))
    else
        echo "FAIL: message $n is raised by no golden case"
        fail=$((fail + 1))
    fi
done
echo "coverage: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
