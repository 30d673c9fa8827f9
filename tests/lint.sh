#!/bin/sh
# lint.sh - CI lint and archive batches: --list-different, --diff (the
# diff applies with patch and gives what --in-place writes), the SARIF,
# GitHub and GitLab formats (the documents parse; SARIF is validated by
# Microsoft's SARIF multitool when it is installed), colours, --fail-on,
# --explain, --files-from, configuration files, the batch summary and
# the progress line.
. "$(dirname "$0")/setup.sh"

pass=0
fail=0
nl='
'
tab=$(printf '\t')
# check NAME WANT_RC WANT_STDOUT WANT_STDERR -- ARGS...: runs sgftidy in
# $TMPD/w; the time at the end of a summary becomes T.
check() {
    name=$1 want_rc=$2 want_out=$3 want_err=$4
    shift 5
    (cd "$TMPD/w" && run "$@") >"$TMPD/out" 2>"$TMPD/err.raw" </dev/null
    rc=$?
    sed 's/; [0-9]*\.[0-9][0-9] s$/; T s/; s/"seconds":[0-9.]*/"seconds":T/' \
        "$TMPD/err.raw" >"$TMPD/err"
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
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }

mkdir -p "$TMPD/w/g/sub"
cd "$TMPD/w" || exit 99
printf '(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa];W[bb])\n' >g/good.sgf
printf '(;FF[4]GM[1]SZ[9]DT[2000-7-19];B[aa];W[bb])\n' >g/date.sgf
printf '(;FF[4]GM[1];B[aa] junk ;W[bb])\n' >g/sub/crit.sgf
printf '(;FF[4]CA[UTF-8]GM[1];B[aa]XY[1])\n' >g/sub/warn.sgf
cp -R g orig

e15='g/date.sgf:1:20: error E15: illegal <DT> value corrected; new [2000-07-19], old [2000-7-19]'
e8='g/sub/crit.sgf:1:20: error E8 (critical): illegal characters outside values deleted: "junk"'
w35='g/sub/warn.sgf:1:28: warning W35: unknown property <XY> kept'

# --list-different: the paths on standard output; the messages' status
# wins over 1.
check list 10 "g/date.sgf$nl" "$e15${nl}g/date.sgf: 1 error(s)${nl}$e8${nl}g/sub/crit.sgf: 1 error(s)  (critical:1)$nl$w35${nl}g/sub/warn.sgf: 1 warning(s)${nl}sgftidy: 4 files: 1 OK, 1 with warnings, 2 with errors; 1 not in normal form (--in-place rewrites them); T s$nl" \
    -- -R --list-different g
check list-only-format 1 "g/date.sgf$nl" "" -- -q -d15 --list-different g/date.sgf g/good.sgf
check list-none 0 "" "" -- -q --list-different g/good.sgf
check list-fail-on 1 "g/date.sgf${nl}g/sub/crit.sgf$nl" "$e15$nl$w35$nl" -- -q -R --fail-on=critical -d8 --list-different g
cmp -s g/date.sgf orig/date.sgf && ok || bad "--list-different wrote"

# --diff: patch -p0 turns the files into what --in-place writes.  A tab
# ends each name of the header (tests/diff.sh checks the names).
check diff 10 "--- g/date.sgf$tab
+++ g/date.sgf$tab
@@ -1 +1,3 @@
-(;FF[4]GM[1]SZ[9]DT[2000-7-19];B[aa];W[bb])
+(;FF[4]CA[UTF-8]GM[1]SZ[9]
+DT[2000-07-19]
+;B[aa];W[bb])
" "$e15$nl$e8$nl$w35$nl" -- -q -R --diff g
cp "$TMPD/out" "$TMPD/fix.diff"
rm -rf p && mkdir p && cp -R g p/ && (cd p && patch -s -p0 <"$TMPD/fix.diff") && ok || bad "diff does not apply"
cp -R g inplace && (cd inplace && "$SGFTIDY" -q -R --in-place . 2>/dev/null)
cp orig/sub/crit.sgf inplace/sub/crit.sgf 2>/dev/null
diff -r p/g inplace >/dev/null && ok || { bad "patched files differ from --in-place"; diff -r p/g inplace; }
# A longer file: changes far apart make hunks of their own; the input
# has no final line break.
{
    printf '(;FF[4]GM[1]SZ[19]DT[2000-07-19]'
    for c in a b c d e f g h i j k l m n o p q r s; do
        for r in a b c d e f g h i j k l m n o p q r s; do printf ';B[%s%s]' $c $r; done
    done
    printf ')'
} | "$SGFTIDY" -q - long0.sgf
# Two faults far apart, and no final line break.
sed '2s/2000-07-19/2000-7-19/; $s/B\[ss\])$/B[ss]PL[w])/' long0.sgf | head -c -1 >long.sgf
run -q --diff long.sgf >long.diff 2>/dev/null
cp long.sgf long2.sgf
"$SGFTIDY" -q long2.sgf long.want 2>/dev/null
patch -s -o long.got long.sgf <long.diff && cmp -s long.got long.want && ok || { bad "long diff"; cat long.diff; }
grep -c '^@@' long.diff | grep -qx 2 && ok || bad "long diff: not two hunks"
grep -q '^\\ No newline at end of file$' long.diff && ok || bad "long diff: no-newline mark"
# Colours: always, also into a pipe; never with NO_COLOR in auto.
run -q --diff --color=always g/date.sgf 2>/dev/null | grep -q "$(printf '\033\\[31m-')" && ok || bad "diff colours"
run --color=always g/date.sgf 2>&1 >/dev/null | head -n 1 >col
printf '\033[1mg/date.sgf:1:20:\033[0m \033[1;31merror E15\033[0m: illegal <DT> value corrected; new [2000-07-19], old [2000-7-19]\n' | cmp -s - col && ok || { bad "colours"; od -c col | head; }
NO_COLOR=1 run --color=auto g/date.sgf 2>&1 | grep -q "$(printf '\033')" && bad "NO_COLOR" || ok
run --color=sometimes g/date.sgf 2>/dev/null; [ $? -eq 20 ] && ok || bad "--color=sometimes"

# --fail-on.
check fail-on-error 0 "" "$w35${nl}g/sub/warn.sgf: 1 warning(s)$nl" -- --fail-on=error g/sub/warn.sgf
check fail-on-warning 5 "" "$w35${nl}g/sub/warn.sgf: 1 warning(s)$nl" -- --fail-on=warning g/sub/warn.sgf
check fail-on-critical 10 "" "$e8$nl" -- -q --fail-on=critical g/sub/crit.sgf
check fail-on-critical-plain 0 "" "$e15$nl" -- -q --fail-on=critical g/date.sgf
i102="g/good.sgf: info I102: game signature of game tree 1: '------ ------'$nl"
check fail-on-info 2 "" "$i102" -- -q -g --fail-on=info g/good.sgf
check fail-on-info-default 0 "" "$i102" -- -q -g g/good.sgf

# SGFC's layout and GitHub's commands carry the file name.
check sgfc-batch 10 "" "g/date.sgf: Line:1 Col:20 - Error 15: illegal <DT> value corrected; new [2000-07-19], old [2000-7-19]${nl}g/date.sgf: 1 error(s)${nl}sgftidy: 2 files: 1 OK, 1 with errors; T s$nl" -- --format=sgfc --check g/date.sgf g/good.sgf
check github 10 "" "::error file=g/date.sgf,line=1,col=20,title=E15 BAD_VALUE_CORRECTED::illegal <DT> value corrected; new [2000-07-19], old [2000-7-19]${nl}::error file=g/sub/crit.sgf,line=1,col=20,title=E8 ILLEGAL_CHARS (critical)::illegal characters outside values deleted: \"junk\"${nl}::warning file=g/sub/warn.sgf,line=1,col=28,title=W35 UNKNOWN_PROP::unknown property <XY> kept$nl" -- -q --format=github -R --check g

# GitHub's commands: the control characters of a file name (an escape
# sequence, a line break, a carriage return) never reach the log raw:
# percent-encoded in file=, and in the message text, where the library
# made them spaces already; '%' is %25 in both, ',' and ':' are escaped
# in file= only (the runner decodes %0A, %0D, %25, %3A, %2C).
ctl=$(printf 'e\033[1m\nx\r%%,:.sgf')
cp g/date.sgf "$ctl"
check github-controls 10 "" "::error file=e%1B[1m%0Ax%0D%25%2C%3A.sgf,line=1,col=20,title=E15 BAD_VALUE_CORRECTED::illegal <DT> value corrected; new [2000-07-19], old [2000-7-19]$nl" -- -q --format=github --check "$ctl"
check github-controls-text 20 "" "::error file=g/date.sgf,title=F26 CANNOT_OPEN_OUTPUT::cannot open output file: none/e [1m x %25,:.sgf: No such file or directory$nl" -- -q --format=github g/date.sgf "none/$ctl"
rm -f "$ctl"

# JSON: one object per message, the summary last.
check json 10 "" "{\"file\":\"g/date.sgf\",\"line\":1,\"column\":20,\"offset\":19,\"severity\":\"error\",\"code\":15,\"key\":\"BAD_VALUE_CORRECTED\",\"critical\":false,\"message\":\"illegal <DT> value corrected; new [2000-07-19], old [2000-7-19]\"}
{\"summary\":{\"files\":2,\"ok\":1,\"with_warnings\":0,\"with_errors\":1,\"failed\":0,\"written\":0,\"changed\":0,\"unchanged\":0,\"not_in_normal_form\":0,\"skipped\":0,\"skipped_for\":{\"unreadable\":0,\"no_sgf_data\":0,\"critical\":0,\"hard_links\":0,\"refused\":0,\"write_failed\":0,\"fatal\":0},\"folders_not_read\":0,\"links_not_followed\":{\"files\":0,\"folders\":0},\"configuration_files\":[],\"seconds\":T}}
" -- --format=json --check g/date.sgf g/good.sgf
while read -r l; do printf '%s' "$l" | python3 -m json.tool >/dev/null || bad "json line: $l"; done <"$TMPD/err.raw"

# GitLab: one array for the run (fingerprints masked).
(cd "$TMPD/w" && run -R --format=gitlab --check ./g) 2>&1 >/dev/null |
    sed 's/"fingerprint":"[0-9a-f]\{32\}"/"fingerprint":"FP"/' >"$TMPD/gl"
printf '%s\n' '[' \
'{"description":"E15: illegal <DT> value corrected; new [2000-07-19], old [2000-7-19]","check_name":"sgftidy/BAD_VALUE_CORRECTED","fingerprint":"FP","severity":"major","location":{"path":"g/date.sgf","lines":{"begin":1},"positions":{"begin":{"line":1,"column":20}}}},' \
'{"description":"E8 (critical): illegal characters outside values deleted: \"junk\"","check_name":"sgftidy/ILLEGAL_CHARS","fingerprint":"FP","severity":"critical","location":{"path":"g/sub/crit.sgf","lines":{"begin":1},"positions":{"begin":{"line":1,"column":20}}}},' \
'{"description":"W35: unknown property <XY> kept","check_name":"sgftidy/UNKNOWN_PROP","fingerprint":"FP","severity":"minor","location":{"path":"g/sub/warn.sgf","lines":{"begin":1},"positions":{"begin":{"line":1,"column":28}}}}' \
']' | diff -u - "$TMPD/gl" && ok || bad "gitlab report"
python3 -m json.tool "$TMPD/gl" >/dev/null && ok || bad "gitlab does not parse"
python3 - "$TMPD/gl" <<'PY' && ok || bad "gitlab issues"
import json, sys
issues = json.load(open(sys.argv[1]))
assert [i["check_name"] for i in issues] == ["sgftidy/BAD_VALUE_CORRECTED", "sgftidy/ILLEGAL_CHARS", "sgftidy/UNKNOWN_PROP"], issues
for i in issues:
    assert set(i) == {"description", "check_name", "fingerprint", "severity", "location"}
    assert i["location"]["positions"]["begin"]["line"] == 1
PY
run -R --format=gitlab --check g/good.sgf 2>"$TMPD/gl0" >/dev/null
printf '[]\n' | cmp -s - "$TMPD/gl0" && ok || bad "empty gitlab report"

# SARIF: one log; its rules, results, fix and summary.
(cd "$TMPD/w" && run -R --format=sarif --check g) 2>"$TMPD/sarif.json" >/dev/null
python3 - "$TMPD/sarif.json" <<'PY' && ok || bad "sarif content"
import json, sys
log = json.load(open(sys.argv[1]))
assert log["version"] == "2.1.0"
run = log["runs"][0]
rules = run["tool"]["driver"]["rules"]
ids = [r["id"] for r in rules]
assert ids[:3] == ["1", "2", "3"] and "120" in ids, ids
r15 = rules[ids.index("15")]
assert r15["name"] == "BadValueCorrected"
assert r15["defaultConfiguration"]["level"] == "error"
assert r15["fullDescription"]["text"].startswith("A value repaired"), r15
assert run["columnKind"] == "unicodeCodePoints"
res = run["results"]
assert [(r["ruleId"], r["level"]) for r in res] == [("15", "error"), ("8", "error"), ("35", "warning")], res
for r in res:
    assert rules[r["ruleIndex"]]["id"] == r["ruleId"]
loc = res[0]["locations"][0]["physicalLocation"]
assert loc == {"artifactLocation": {"uri": "g/date.sgf"}, "region": {"startLine": 1, "startColumn": 20}}, loc
fix = res[0]["fixes"][0]["artifactChanges"][0]["replacements"][0]
assert fix == {"deletedRegion": {"startLine": 1, "startColumn": 21, "endLine": 1, "endColumn": 30}, "insertedContent": {"text": "2000-07-19"}}, fix
s = run["invocations"][0]["properties"]["summary"]
assert (s["files"], s["ok"], s["with_warnings"], s["with_errors"]) == (4, 1, 1, 2), s
PY
# The fix's region is the old value in the file.
line=$(sed -n 1p g/date.sgf)
[ "$(printf '%s' "$line" | cut -c21-29)" = "2000-7-19" ] && ok || bad "fix region"
sarif_tool=""
for t in "${SARIF_MULTITOOL:-}" sarif-multitool "$srcdir/node_modules/.bin/sarif-multitool" \
    "${SGFTIDY_CI_TOOLS:-${HOME:-/root}/.cache/sgftidy-ci}/node_modules/.bin/sarif-multitool"; do
    [ -n "$t" ] && command -v "$t" >/dev/null 2>&1 && { sarif_tool=$t; break; }
done
if [ -n "$sarif_tool" ]; then
    cp "$TMPD/sarif.json" "$TMPD/run.sarif"
    "$sarif_tool" validate "$TMPD/run.sarif" >"$TMPD/validate" 2>&1
    if grep -q ': error ' "$TMPD/validate" || ! grep -q 'Analysis completed successfully' "$TMPD/validate"; then
        bad "SARIF validator"; cat "$TMPD/validate"
    else
        ok
    fi
else
    notice "lint.sh: SARIF multitool not found (npm install @microsoft/sarif-multitool; SARIF_MULTITOOL=path): SARIF log not validated"
fi

# The summary: skipped files and why.
cp -R orig batch
printf 'no SGF here' >batch/empty.sgf
(cd "$TMPD/w" && run -wR --in-place -d15 batch) 2>&1 >/dev/null | tail -n 1 |
    sed 's/; [0-9]*\.[0-9][0-9] s$/; T s/' >"$TMPD/sum"
printf 'sgftidy: 5 files: 3 OK, 1 with errors, 1 failed; 1 changed, 2 unchanged; 2 skipped (1 no SGF data, 1 critical); T s\n' |
    diff -u - "$TMPD/sum" && ok || bad "summary"
check summary-quiet 20 "" "batch/empty.sgf: fatal F7: no SGF data found$nl" -- -qwR --in-place -d8 batch

# --explain: by number, letter and number, or key.
run --explain=E15 >"$TMPD/x" 2>&1 && ok || bad "--explain exit status"
head -n 2 "$TMPD/x" >"$TMPD/xh"
diff -u - "$TMPD/xh" <<'X' && ok || bad "--explain head"
Message 15, BAD_VALUE_CORRECTED: error
  illegal <%p> value corrected; new [%v], old [%o]
X
grep -qx '    example.sgf:1:15: error E15: illegal <DT> value corrected; new \[2000-07-19\], old \[2000-7-19\]' "$TMPD/x" && ok || bad "--explain example"
grep -q '^To silence it: -d15 or --mute=BAD_VALUE_CORRECTED' "$TMPD/x" && ok || bad "--explain silence"
run --explain=unknown_prop | head -n 1 | grep -qx 'Message 35, UNKNOWN_PROP: warning' && ok || bad "--explain by key"
run --explain=3 | grep -qx 'A fatal error cannot be silenced.' && ok || bad "--explain fatal"
check explain-bad 20 "" "sgftidy: fatal F49: bad option argument: --explain=999: no message has the number 999$nl" -- --explain=999
# Every example gives its message.
n=1
while [ $n -lt 200 ]; do
    ex=$(run --explain=$n 2>/dev/null | sed -n '/^Example:/{n;s/^    //;p;}')
    if [ -n "$ex" ]; then
        printf '%s' "$ex" >"$TMPD/ex.sgf"
        run "$TMPD/ex.sgf" 2>&1 | grep -q "[EWIF]$n[: ]" && ok || bad "example of $n gives no message $n"
    fi
    n=$((n + 1))
done

# --files-from: lines, or NUL-separated paths (any name).
printf 'g/date.sgf\n\ng/good.sgf\n' >list
check files-from 10 "" "$e15${nl}g/date.sgf: 1 error(s)${nl}sgftidy: 2 files: 1 OK, 1 with errors; T s$nl" -- --files-from=list --check
cp g/good.sgf 'g/new
line.sgf'
(cd "$TMPD/w" && find g -name '*.sgf' -print0 | sort -z | run --files-from=- -0 --check -d15 -d35 -q -d8) >/dev/null 2>"$TMPD/err"; rc=$?
[ $rc -eq 0 ] && [ ! -s "$TMPD/err" ] && ok || { bad "find -print0: $rc"; cat "$TMPD/err"; }
(cd "$TMPD/w" && find g -name '*.sgf' -print0 | run --files-from=- -0 --list-different -q) 2>/dev/null | grep -c . | grep -qx 1 && ok || bad "--files-from with --list-different"
rm 'g/new
line.sgf'
# CR LF lines, a last line without its end, a folder in the list.
printf 'g/date.sgf\r\n\r\ng/sub\r\ng/good.sgf' >list
check files-from-crlf 10 "" "$e15${nl}g/date.sgf: 1 error(s)${nl}$e8${nl}g/sub/crit.sgf: 1 error(s)  (critical:1)$nl$w35${nl}g/sub/warn.sgf: 1 warning(s)${nl}sgftidy: 4 files: 1 OK, 1 with warnings, 2 with errors; T s$nl" -- --files-from=list --check
# A list longer than one read (64 KiB): every path in it, none cut.
long=g/good.sgf
while [ ${#long} -lt 1000 ]; do long=./$long; done
: >list
i=0
while [ $i -lt 150 ]; do printf '%s\n' "$long" >>list; i=$((i + 1)); done
(cd "$TMPD/w" && run --files-from=list --check --show-ok) 2>&1 | grep -c "^$long: OK\$" | grep -qx 150 && ok || bad "a list of 150 KB"
check files-from-folder 20 "" "sgftidy: fatal F4: cannot read input file: g: Is a directory$nl" -- --files-from=g --check
check files-from-alone 20 "" "sgftidy: fatal F101: options conflict: --files-from goes with a batch mode: --check, --in-place, --outdir=DIR, --list-different, --diff or --duplicates$nl" -- --files-from=list
check null-alone 20 "" "sgftidy: fatal F101: options conflict: -0 goes with --files-from$nl" -- -0 --check g
check files-from-missing 20 "" "sgftidy: fatal F3: cannot open input file: nolist: No such file or directory$nl" -- --files-from=nolist --check
check list-in-place 20 "" "sgftidy: fatal F101: options conflict: --list-different and --diff write nothing: not with --in-place or --outdir$nl" -- --list-different --in-place g

# Configuration files: found upward, the command line over them.
mkdir -p cfg/a/b
cp g/sub/warn.sgf cfg/a/b/w.sgf
cp g/sub/warn.sgf cfg/w.sgf
printf '# muted here\nmute = UNKNOWN_PROP   # ours\nfail-on=error\n' >cfg/a/.sgftidy
check config 5 "" "cfg/w.sgf:1:28: warning W35: unknown property <XY> kept${nl}cfg/w.sgf: 1 warning(s)${nl}sgftidy: configuration file used: $TMPD/w/cfg/a/.sgftidy${nl}sgftidy: 2 files: 1 OK, 1 with warnings; T s$nl" -- -R --check cfg
check config-cmdline 0 "" "" -- -q --fail-on=warning -w cfg/a/b/w.sgf
check no-config 5 "" "cfg/a/b/w.sgf:1:28: warning W35: unknown property <XY> kept$nl" -- -q --no-config cfg/a/b/w.sgf
printf 'strict\nin-place\n' >cfg/a/.sgftidy
check config-bad 20 "" "cfg/a/b/w.sgf: fatal F120: configuration file not used: $TMPD/w/cfg/a/.sgftidy:2: --in-place is not an option for a configuration file$nl" -- -q cfg/a/b/w.sgf
printf 'width = x\n' >cfg/a/.sgftidy
check config-bad-arg 20 "" "cfg/a/b/w.sgf: fatal F120: configuration file not used: $TMPD/w/cfg/a/.sgftidy:1: bad option argument: --width=x: valid values are 20-1000000$nl" -- -q cfg/a/b/w.sgf
printf 'no-such\n' >cfg/a/.sgftidy
check config-unknown 20 "" "cfg/a/b/w.sgf: fatal F120: configuration file not used: $TMPD/w/cfg/a/.sgftidy:1: unknown option 'no-such'$nl" -- -q cfg/a/b/w.sgf
rm cfg/a/.sgftidy

# The progress line: on a terminal only, never among diagnostics.
check no-progress 5 "" "$w35${nl}g/sub/warn.sgf: 1 warning(s)$nl" -- g/sub/warn.sgf
if command -v script >/dev/null 2>&1 && script -qec true /dev/null >/dev/null 2>&1; then
    SGFTIDY_PROGRESS_DELAY=0 script -qec "'$SGFTIDY' --color=never --check g/good.sgf g/sub/warn.sgf" /dev/null >"$TMPD/tty" 2>&1
    grep -q 'files, ' "$TMPD/tty" && ok || { bad "no progress line on a terminal"; od -c "$TMPD/tty" | head; }
    tr '\r' '\n' <"$TMPD/tty" | grep -q "^$(printf '\033')\[Kg/sub/warn.sgf:1:28: warning W35" && ok || bad "progress not cleared before a diagnostic"
    SGFTIDY_PROGRESS_DELAY=0 script -qec "'$SGFTIDY' -q --check g/good.sgf" /dev/null >"$TMPD/tty" 2>&1
    grep -q 'files, ' "$TMPD/tty" && bad "-q shows progress" || ok
else
    notice "lint.sh: script(1) not usable: progress line not tested"
fi

echo "lint: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
