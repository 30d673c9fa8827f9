#!/bin/sh
# usage.sh - what the command says about its own use: the valid values
# of a bad option argument (49), the nearest long options of an unknown
# one (68), a folder named without a batch mode (3, 26) and -R alone
# (101), the names -d and --mute take (numbers, letters, keys, rules)
# and those they refuse, --list-rules as text and JSON, and the colours
# the environment asks for.
. "$(dirname "$0")/setup.sh"

pass=0
fail=0
nl='
'
# check NAME WANT_RC WANT_STDOUT WANT_STDERR -- ARGS...: runs sgftidy
# in $TMPD; exact standard output, standard error and exit status.
check() {
    name=$1 want_rc=$2 want_out=$3 want_err=$4
    shift 5
    (cd "$TMPD" && run "$@") >"$TMPD/out" 2>"$TMPD/err" </dev/null
    rc=$?
    if [ "$rc" -ne "$want_rc" ]; then
        echo "FAIL $name: exit status $rc, expected $want_rc"
        cat "$TMPD/err"
        fail=$((fail + 1))
    elif ! printf '%s' "$want_err" | cmp -s - "$TMPD/err"; then
        echo "FAIL $name: standard error differs"
        printf '%s' "$want_err" | diff -u - "$TMPD/err"
        fail=$((fail + 1))
    elif ! printf '%s' "$want_out" | cmp -s - "$TMPD/out"; then
        echo "FAIL $name: standard output differs"
        printf '%s' "$want_out" | diff -u - "$TMPD/out"
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
}
f49='sgftidy: fatal F49: bad option argument:'
f68="sgftidy: fatal F68: unknown command-line option"
modes='--check, --in-place, --outdir=DIR, --list-different, --diff or --duplicates'
printf '(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa])\n' >"$TMPD/good.sgf"
printf '(;FF[4]CA[UTF-8]GM[1]SZ[9]XY[1];B[aa]C[a]C[b])\n' >"$TMPD/two.sgf"
mkdir "$TMPD/dir"

# 1. The valid values, from the tables.
formats=$(for f in $(sed -n 's/^FORMAT([A-Z]*, *\([a-z]*\)).*/\1/p' "$srcdir/src/report_list.h"); do
    sed -n 's/^ *\.name = "\([^"]*\)".*/\1/p' "$srcdir/src/report_$f.c"; done | paste -sd, - | sed 's/,/, /g')
formats="$formats; also text (the default) and auto (github in GitHub Actions, else the default)"
check format 20 "" "$f49 --format=xml: valid values are $formats$nl" -- --format=xml good.sgf
check format-missing 20 "" "$f49 --format: valid values are $formats$nl" -- --format
check color 20 "" "$f49 --color=red: valid values are auto, always, never$nl" -- --color=red good.sgf
check fail-on 20 "" "$f49 --fail-on=warn: valid values are info, warning, error, critical$nl" -- --fail-on=warn good.sgf
check find-start 20 "" "$f49 -b4: valid values are 1, 2, 3$nl" -- -b4 good.sgf
check encoding-mode 20 "" "$f49 -E0: valid values are 1, 2, 3$nl" -- -E0 good.sgf
check linebreaks 20 "" "$f49 -l5: valid values are 1-4$nl" -- -l5 good.sgf
check linebreaks-long 20 "" "$f49 --linebreaks=x: valid values are 1-4$nl" -- --linebreaks=x good.sgf
check signature 20 "" "$f49 --signature=mirror: valid values are sgfc, symmetric$nl" -- --signature=mirror good.sgf
check width 20 "" "$f49 --width=19: valid values are 20-1000000$nl" -- --width=19 good.sgf
check jobs 20 "" "$f49 -j1025: valid values are 0-1024 (0: one per processor)$nl" -- -j1025 --check good.sgf
check no-argument 20 "" "$f49 --check=yes: --check takes no argument$nl" -- --check=yes good.sgf
check needs-argument 20 "" "$f49 --outdir: needs an argument$nl" -- --outdir

# 2. The nearest long options; no prefix is taken for an option.
check formt 20 "" "$f68 '--formt'; did you mean '--format'? (--help for help)$nl" -- --formt good.sgf
check fromat 20 "" "$f68 '--fromat=json'; did you mean '--format'? (--help for help)$nl" -- --fromat=json good.sgf
check list 20 "" "$f68 '--list'; did you mean '--list-rules' or '--list-different'? (--help for help)$nl" -- --list good.sgf
check prefix 20 "" "$f68 '--form=json'; did you mean '--format'? (--help for help)$nl" -- --form=json good.sgf
check far 20 "" "$f68 '--zzzzzz' (--help for help)$nl" -- --zzzzzz good.sgf
printf 'formt = json\n' >"$TMPD/dir/.sgftidy"
cp "$TMPD/good.sgf" "$TMPD/dir/g.sgf"
check config-near 20 "" "dir/g.sgf: fatal F120: configuration file not used: $TMPD/dir/.sgftidy:1: unknown option 'formt'; did you mean 'format'?$nl" -- -q --check dir/g.sgf
rm "$TMPD/dir/.sgftidy" "$TMPD/dir/g.sgf"

# 3. A folder without a batch mode; -R alone.
check folder-in 20 "" "dir: fatal F3: cannot open input file: dir is a folder: use $modes (-R for subfolders)$nl" -- dir
check folder-out 20 "" "good.sgf: fatal F26: cannot open output file: dir is a folder: --outdir=dir writes the cleaned copy into it$nl" -- good.sgf dir
check recursive-alone 20 "" "sgftidy: fatal F101: options conflict: -R goes with a batch mode: $modes$nl" -- -R
check recursive-file 20 "" "sgftidy: fatal F101: options conflict: -R goes with a batch mode: $modes$nl" -- -R good.sgf
check files-from-alone 20 "" "sgftidy: fatal F101: options conflict: --files-from goes with a batch mode: $modes$nl" -- --files-from=list

# 4. Silencing: the messages of two.sgf are 28 (error) and 35 (warning).
w35='two.sgf:1:27: warning W35: unknown property <XY> kept'
check silence-none 10 "" "$w35${nl}two.sgf:1:42: error E28: property <C> given twice in one node: texts joined$nl" -- -q two.sgf
for v in 28 E28 e28 W28 DUPLICATE_PROP duplicate_prop Duplicate-Prop duplicates; do
    check "mute-$v" 5 "" "$w35$nl" -- -q --mute="$v" two.sgf
    check "disable-$v" 5 "" "$w35$nl" -- -q --disable="$v" two.sgf
    check "d-word-$v" 5 "" "$w35$nl" -- -q -d "$v" two.sgf
done
# -d chained as in SGFC, with the letter, with a name to the word's end.
check d-chained 0 "" "" -- -qd28d35 two.sgf
check d-chained-letter 0 "" "" -- -qdE28dW35 two.sgf
check d-chained-w 0 "" "" -- -qd28w two.sgf
check d-name 5 "" "$w35$nl" -- -qdduplicates two.sgf
check mute-list 0 "" "" -- -q --mute=duplicates,UNKNOWN_PROP two.sgf
check mute-rule-identifier 10 "" "two.sgf:1:42: error E28: property <C> given twice in one node: texts joined$nl" -- -q --mute=identifier two.sgf
check mute-near 20 "" "$f49 --mute=UNKNOWN_PRP: names no message or rule; did you mean 'UNKNOWN_PROP'?$nl" -- --mute=UNKNOWN_PRP two.sgf
check mute-near-rule 20 "" "$f49 --mute=duplicats: names no message or rule; did you mean 'duplicates'?$nl" -- --mute=duplicats two.sgf
check d-near 20 "" "$f49 -dUNKNOWN_PRP: names no message or rule; did you mean 'UNKNOWN_PROP'?$nl" -- -dUNKNOWN_PRP two.sgf
check d-number 20 "" "$f49 -d99: no message has the number 99$nl" -- -d99 two.sgf
check mute-list-bad 20 "" "$f49 --mute=35,NOPE: 'NOPE': names no message or rule$nl" -- --mute=35,NOPE two.sgf
check mute-empty 20 "" "$f49 --mute=: names no message or rule$nl" -- --mute= two.sgf
check d-fatal 20 "" "$f49 -d49: message 49 is a fatal error, which cannot be disabled$nl" -- -d49 two.sgf
check mute-fatal 20 "" "$f49 --mute=no_input_file: message 48 is a fatal error, which cannot be disabled$nl" -- --mute=no_input_file two.sgf
check explain-near 20 "" "$f49 --explain=UNKNOWN_PRP: names no message or rule; did you mean 'UNKNOWN_PROP'?$nl" -- --explain=UNKNOWN_PRP
check explain-letter 20 "" "$f49 --explain=X15: names no message or rule$nl" -- --explain=X15
(cd "$TMPD" && run --explain=w35) | head -n 1 >"$TMPD/x"
if [ "$(cat "$TMPD/x")" = "Message 35, UNKNOWN_PROP: warning" ]; then pass=$((pass + 1)); else echo "FAIL explain-w35: $(cat "$TMPD/x")"; fail=$((fail + 1)); fi
(cd "$TMPD" && run --explain=charset_e1) >"$TMPD/x"
cat >"$TMPD/want" <<'EOT'
Rule charset_e1 (collection), 2 in the order of the checks:
  -E1: every game tree is in the charset of the input

It may raise:
   72 UNKNOWN_CA
   75 MIXED_ENCODINGS_E1 (a fatal error: not silenced)

To silence them: -dcharset_e1 or --mute=charset_e1 (a fatal error aside);
each message is silenced as a whole, also where other rules raise it
(--explain=N tells of message N).
EOT
if cmp -s "$TMPD/want" "$TMPD/x"; then pass=$((pass + 1)); else echo "FAIL explain-rule"; diff -u "$TMPD/want" "$TMPD/x"; fail=$((fail + 1)); fi

# 5. --list-rules: 80 columns, wrapped under the description; JSON lines.
(cd "$TMPD" && run --list-rules) >"$TMPD/rules" 2>"$TMPD/err"
rc=$?
rules=$(grep -c '^RULE(' "$srcdir/src/rule_list.h")
cat >"$TMPD/want" <<'EOT'
ca_spelling         tree       CA names its charset by the standard name
                               (message 116)
charset_e1          collection -E1: every game tree is in the charset of the
                               input (messages 72, 75)
EOT
if [ $rc -eq 0 ] && [ ! -s "$TMPD/err" ] && head -n 4 "$TMPD/rules" | cmp -s "$TMPD/want" - &&
    [ "$(awk 'length > 80' "$TMPD/rules" | wc -l)" -eq 0 ] &&
    [ "$(grep -c '^[a-z]' "$TMPD/rules")" -eq "$rules" ] &&
    [ "$(grep -c '^                               [^ ]' "$TMPD/rules")" -eq "$(($(wc -l <"$TMPD/rules") - rules))" ]; then
    pass=$((pass + 1))
else
    echo "FAIL list-rules: exit status $rc"; cat "$TMPD/err"; cat "$TMPD/rules"; fail=$((fail + 1))
fi
(cd "$TMPD" && run --list-rules --format=json) >"$TMPD/rules" 2>"$TMPD/err"
rc=$?
want='{"name":"values","order":18,"scope":"value","messages":[14,15,17,23,25,29,33,65],"description":"values of their type (Number, Real, Double, Color, Text, Move, composed), game-info in its FF[4] format"}'
if [ $rc -eq 0 ] && [ ! -s "$TMPD/err" ] && [ "$(sed -n 18p "$TMPD/rules")" = "$want" ] &&
    [ "$(grep -c '^{"name":"[a-z0-9_]*","order":[0-9]*,"scope":"[a-z-]*","messages":\[[0-9,]*\],"description":".*"}$' "$TMPD/rules")" -eq "$rules" ] &&
    [ "$(wc -l <"$TMPD/rules")" -eq "$rules" ]; then
    pass=$((pass + 1))
else
    echo "FAIL list-rules-json: exit status $rc"; cat "$TMPD/err"; cat "$TMPD/rules"; fail=$((fail + 1))
fi
if command -v python3 >/dev/null 2>&1; then
    if python3 -c 'import json,sys
for l in open(sys.argv[1]): json.loads(l)' "$TMPD/rules"; then pass=$((pass + 1)); else echo "FAIL list-rules-json: not JSON"; fail=$((fail + 1)); fi
fi
check list-rules-sarif 20 "" "::error title=F101 OPTION_CONFLICT::options conflict: --list-rules prints text, or JSON lines with --format=json: not --format=github$nl" -- --list-rules --format=github
check list-rules-late 20 "" "$f68 '--bogus' (--help for help)$nl" -- --list-rules --bogus

# 6. Colours: the environment, and --color over it.
bold=$(printf '\033[1m')
colour() {
    name=$1 want=$2
    shift 2
    (cd "$TMPD" && env "$@" two.sgf) >/dev/null 2>"$TMPD/err"
    if grep -qF "$bold" "$TMPD/err"; then got=yes; else got=no; fi
    if [ $got = "$want" ]; then pass=$((pass + 1)); else echo "FAIL colour $name: $got, expected $want"; fail=$((fail + 1)); fi
}
unset NO_COLOR FORCE_COLOR CLICOLOR_FORCE CLICOLOR
colour pipe no "$SGFTIDY" -q
colour force yes FORCE_COLOR=1 "$SGFTIDY" -q
colour force-0 no FORCE_COLOR=0 "$SGFTIDY" -q
colour force-empty no FORCE_COLOR= "$SGFTIDY" -q
colour clicolor-force yes CLICOLOR_FORCE=1 "$SGFTIDY" -q
colour clicolor-force-0 no CLICOLOR_FORCE=0 "$SGFTIDY" -q
colour force-over-no-color yes NO_COLOR=1 FORCE_COLOR=1 "$SGFTIDY" -q
colour never-over-force no FORCE_COLOR=1 "$SGFTIDY" -q --color=never
colour always yes NO_COLOR=1 "$SGFTIDY" -q --color=always
# On a terminal (script(1) gives one): auto colours, NO_COLOR, CLICOLOR=0
# and TERM=dumb do not.
if command -v script >/dev/null 2>&1 && script -qec true /dev/null >/dev/null 2>&1; then
    tty_colour() {
        name=$1 want=$2
        shift 2
        (cd "$TMPD" && env "$@" script -qec "'$SGFTIDY' -q two.sgf" /dev/null) >"$TMPD/err" 2>&1 </dev/null
        if grep -qF "$bold" "$TMPD/err"; then got=yes; else got=no; fi
        if [ $got = "$want" ]; then pass=$((pass + 1)); else echo "FAIL tty colour $name: $got, expected $want"; cat "$TMPD/err"; fail=$((fail + 1)); fi
    }
    tty_colour auto yes TERM=xterm
    tty_colour no-color no TERM=xterm NO_COLOR=1
    tty_colour no-color-empty yes TERM=xterm NO_COLOR=
    tty_colour clicolor-0 no TERM=xterm CLICOLOR=0
    tty_colour dumb no TERM=dumb
else
    notice "SKIP usage: colours on a terminal (no script(1) that runs)"
fi

echo "usage: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
