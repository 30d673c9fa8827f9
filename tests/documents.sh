#!/bin/sh
# documents.sh - the reports that machines read are whole documents in
# every case: a batch that finds no game records (a notice of the run),
# a usage error (a message of no file), JUnit's report against its
# schema, --format=auto, --output-file, and a run cut short by a signal.
. "$(dirname "$0")/setup.sh"

pass=0
fail=0
nl='
'
# check NAME WANT_RC WANT_STDOUT WANT_STDERR -- ARGS...: runs sgftidy
# in $TMPD (in the environment env makes of $with_env); exact standard output, standard error and exit status (the
# seconds of a summary as "T"; SARIF's log from its invocations on, the
# rules of its head being the catalogue's).
check() {
    name=$1 want_rc=$2 want_out=$3 want_err=$4
    shift 5
    # shellcheck disable=SC2086
    (cd "$TMPD" && env $with_env ${VALGRIND:-} "$SGFTIDY" "$@") >"$TMPD/out" 2>"$TMPD/err.raw" </dev/null
    rc=$?
    sed -e 's/"seconds":[0-9.]*/"seconds":T/' -e 's/; [0-9.]* s$/; T s/' \
        -e 's/^{"version":"2.1.0".*/SARIF[/' "$TMPD/err.raw" |
        sed -e '/^{"id":"[0-9]*","name":/d' >"$TMPD/err"
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
with_env=
ok() { pass=$((pass + 1)); }
bad() {
    echo "FAIL $1"
    fail=$((fail + 1))
}

summary='{"files":0,"ok":0,"with_warnings":0,"with_errors":0,"failed":0,"written":0,"changed":0,"unchanged":0,"not_in_normal_form":0,"skipped":0,"skipped_for":{"unreadable":0,"no_sgf_data":0,"critical":0,"hard_links":0,"refused":0,"write_failed":0,"fatal":0},"folders_not_read":0,"links_not_followed":{"files":0,"folders":0},"configuration_files":[],"seconds":T}'
mkdir "$TMPD/empty"
printf '(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa])\n' >"$TMPD/good.sgf"

# 1. No game records: a notice, in the place each format has for it.
none='no game records (sgf,gib,ngf,ugf,ugi) in the paths given (-R takes subfolders too)'
check none-text 0 "" "sgftidy: $none$nl" -- --check empty
check none-text-q 0 "" "" -- -q --check empty
check none-sgfc 0 "" "sgftidy: $none$nl" -- --format=sgfc --check empty
check none-json 0 "" "{\"notice\":\"$none\"}$nl{\"summary\":$summary}$nl" -- --format=json --check empty
check none-json-q 0 "" "{\"notice\":\"$none\"}$nl{\"summary\":$summary}$nl" -- -q --format=json --check empty
# keep NAME: the last standard error, kept as $TMPD/NAME for the
# validators at the end.
keep() { cp "$TMPD/err.raw" "$TMPD/keep-$1"; }
check none-sarif 0 "" "SARIF[
],\"invocations\":[{\"executionSuccessful\":true,\"toolExecutionNotifications\":[{\"level\":\"note\",\"message\":{\"text\":\"$none\"}}],\"properties\":{\"summary\":$summary}}]}]}$nl" -- --format=sarif --check empty
keep none.sarif
check none-github 0 "" "::notice::$none$nl" -- --format=github --check empty
check none-github-q 0 "" "" -- -q --format=github --check empty
check none-gitlab 0 "" "[]$nl" -- --format=gitlab --check empty
keep none.gitlab
check none-checkstyle 0 "" "<?xml version=\"1.0\" encoding=\"UTF-8\"?>$nl<checkstyle version=\"4.3\">$nl</checkstyle>$nl" -- --format=checkstyle --check empty
keep none.checkstyle
check none-junit 0 "" "<?xml version=\"1.0\" encoding=\"UTF-8\"?>$nl<testsuite name=\"sgftidy\" tests=\"0\" failures=\"0\" errors=\"0\" skipped=\"0\">$nl</testsuite>$nl" -- --format=junit --check empty
keep none.junit

# 2. A usage error names no file (GitLab, Checkstyle and JUnit, which
# have no place for one, give the path "sgftidy").
u="unknown command-line option '--bogus' (--help for help)"
check usage-text 20 "" "sgftidy: fatal F68: $u$nl" -- --bogus
check usage-json 20 "" "{\"file\":null,\"severity\":\"fatal\",\"code\":68,\"key\":\"UNKNOWN_LONG_OPTION\",\"critical\":false,\"message\":\"$u\"}$nl" -- --format=json --bogus
check usage-sarif 20 "" "SARIF[
],\"invocations\":[{\"executionSuccessful\":false,\"toolExecutionNotifications\":[{\"level\":\"error\",\"message\":{\"text\":\"$u\"},\"associatedRule\":{\"id\":\"68\",\"index\":67}}],\"properties\":{\"summary\":$summary}}]}]}$nl" -- --format=sarif --bogus
keep usage.sarif
check usage-github 20 "" "::error title=F68 UNKNOWN_LONG_OPTION::$u$nl" -- --format=github --bogus
check usage-gitlab 20 "" "[$nl{\"description\":\"F68: $u\",\"check_name\":\"sgftidy/UNKNOWN_LONG_OPTION\",\"fingerprint\":\"3fb1c9d3bb1135ab4d264b4907c98bb0\",\"severity\":\"blocker\",\"location\":{\"path\":\"sgftidy\",\"lines\":{\"begin\":1}}}$nl]$nl" -- --format=gitlab --bogus
keep usage.gitlab
ua=$(printf '%s' "$u" | sed "s/'/\\&apos;/g")
check usage-checkstyle 20 "" "<?xml version=\"1.0\" encoding=\"UTF-8\"?>$nl<checkstyle version=\"4.3\">$nl<file name=\"sgftidy\">$nl<error severity=\"error\" message=\"$ua\" source=\"sgftidy.68\"/>$nl</file>$nl</checkstyle>$nl" -- --format=checkstyle --bogus
keep usage.checkstyle
check usage-junit 20 "" "<?xml version=\"1.0\" encoding=\"UTF-8\"?>$nl<testsuite name=\"sgftidy\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\">$nl<testcase classname=\"sgftidy\" name=\"sgftidy\">$nl<error type=\"fatal\" message=\"1 error(s), 0 warning(s), 0 information message(s)\">sgftidy: fatal F68: $ua&#10;</error>$nl</testcase>$nl</testsuite>$nl" -- --format=junit --bogus
keep usage.junit
# Found after the options: the same.
check usage-late-json 20 "" "{\"file\":null,\"severity\":\"fatal\",\"code\":101,\"key\":\"OPTION_CONFLICT\",\"critical\":false,\"message\":\"options conflict: -R goes with a batch mode: --check, --in-place, --outdir=DIR, --list-different, --diff or --duplicates\"}$nl" -- --format=json -R good.sgf

# 3. JUnit: a test case per file, a failure at --fail-on's level, an
# error for a fatal message; XML escaped, control characters replaced.
mkdir "$TMPD/j"
printf '(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa])\n' >"$TMPD/j/good.sgf"
printf '(;FF[4]CA[UTF-8]GM[1]SZ[9]DT[2000-7-19];B[aa])\n' >"$TMPD/j/date.sgf"
printf '(;FF[4]CA[UTF-8]GM[1]SZ[9]XY[1];B[aa])\n' >"$TMPD/j/$(printf 'e\033&x').sgf"
printf 'nothing\n' >"$TMPD/j/none.sgf"
r=$(printf '\357\277\275')
head="<?xml version=\"1.0\" encoding=\"UTF-8\"?>$nl"
date_case="<testcase classname=\"j/date.sgf\" name=\"j/date.sgf\">$nl<failure type=\"error\" message=\"1 error(s), 0 warning(s), 0 information message(s)\">j/date.sgf:1:29: error E15: illegal &lt;DT&gt; value corrected; new [2000-07-19], old [2000-7-19]&#10;</failure>$nl</testcase>$nl"
e_open="<testcase classname=\"j/e$r&amp;x.sgf\" name=\"j/e$r&amp;x.sgf\">$nl"
e_text="&quot;j/e\\033&amp;x.sgf&quot;:1:27: warning W35: unknown property &lt;XY&gt; kept&#10;"
rest="<testcase classname=\"j/good.sgf\" name=\"j/good.sgf\"/>$nl<testcase classname=\"j/none.sgf\" name=\"j/none.sgf\">$nl<error type=\"fatal\" message=\"1 error(s), 0 warning(s), 0 information message(s)\">j/none.sgf: fatal F7: no SGF data found&#10;</error>$nl</testcase>$nl</testsuite>$nl"
check junit 20 "" "$head<testsuite name=\"sgftidy\" tests=\"4\" failures=\"2\" errors=\"1\" skipped=\"0\">$nl$date_case$e_open<failure type=\"warning\" message=\"0 error(s), 1 warning(s), 0 information message(s)\">$e_text</failure>$nl</testcase>$nl$rest" -- --format=junit --check j
cp "$TMPD/err.raw" "$TMPD/junit.xml"
check junit-fail-on 20 "" "$head<testsuite name=\"sgftidy\" tests=\"4\" failures=\"1\" errors=\"1\" skipped=\"0\">$nl$date_case$e_open<system-out>$e_text</system-out>$nl</testcase>$nl$rest" -- --format=junit --fail-on=error --check j
cp "$TMPD/err.raw" "$TMPD/junit2.xml"
check junit-one 0 "" "$head<testsuite name=\"sgftidy\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\">$nl<testcase classname=\"good.sgf\" name=\"good.sgf\"/>$nl</testsuite>$nl" -- --format=junit good.sgf
cp "$TMPD/junit.xml" "$TMPD/keep-files.junit"
cp "$TMPD/junit2.xml" "$TMPD/keep-fail-on.junit"

# 4. --format=auto: github in GitHub Actions, else the default; text is
# the default's other name.
printf '(;FF[4]CA[UTF-8]GM[1]SZ[9]XY[1];B[aa])\n' >"$TMPD/warn.sgf"
gw="::warning file=warn.sgf,line=1,col=27,title=W35 UNKNOWN_PROP::unknown property <XY> kept${nl}warn.sgf: 1 warning(s)"
tw="warn.sgf:1:27: warning W35: unknown property <XY> kept${nl}warn.sgf: 1 warning(s)$nl"
with_env=GITHUB_ACTIONS=true
check auto-github 5 "" "$gw$nl" -- --format=auto warn.sgf
# The last --format given wins, auto too.
check auto-last 5 "" "$gw$nl" -- --format=json --format=auto warn.sgf
check auto-then-text 5 "" "$tw" -- --format=auto --format=text warn.sgf
with_env="-u GITHUB_ACTIONS"
check auto-unset 5 "" "$tw" -- --format=auto warn.sgf
with_env=GITHUB_ACTIONS=false
check auto-false 5 "" "$tw" -- --format=auto warn.sgf
with_env=
check text 5 "" "$tw" -- --format=text warn.sgf

# 5. --output-file: the report, whatever its format, in FILE instead of
# standard error, written whole (a temporary file beside it, renamed);
# - is standard output; a file of the run is refused.
# same NAME FILE WANT: the file holds exactly WANT.
same() {
    if printf '%s' "$3" | cmp -s - "$TMPD/$2"; then
        ok
    else
        bad "$1: $2 differs"
        printf '%s' "$3" | diff -u - "$TMPD/$2"
    fi
}
mkdir "$TMPD/rep"
wj="{\"file\":\"warn.sgf\",\"line\":1,\"column\":27,\"offset\":26,\"severity\":\"warning\",\"code\":35,\"key\":\"UNKNOWN_PROP\",\"critical\":false,\"message\":\"unknown property <XY> kept\"}$nl"
printf 'old report\n' >"$TMPD/rep/r.json"
check out-json 5 "" "" -- --format=json --output-file=rep/r.json warn.sgf
same out-json rep/r.json "$wj"
# No temporary file left beside it.
(cd "$TMPD/rep" && ls -A) >"$TMPD/ls"
same out-no-temp ls "r.json$nl"
check out-text 5 "" "" -- --output-file rep/r.txt --check warn.sgf
sed 's/; [0-9.]* s$/; T s/' "$TMPD/rep/r.txt" >"$TMPD/r.txt"
same out-text r.txt "$tw""sgftidy: 1 file: 1 with warnings; T s$nl"
check out-usage 20 "" "" -- --bogus --format=json --output-file=rep/u.json
same out-usage rep/u.json "{\"file\":null,\"severity\":\"fatal\",\"code\":68,\"key\":\"UNKNOWN_LONG_OPTION\",\"critical\":false,\"message\":\"$u\"}$nl"
check out-usage-late 20 "" "" -- --format=junit --output-file=rep/u.xml -R good.sgf
same out-usage-late rep/u.xml "$head<testsuite name=\"sgftidy\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\">$nl<testcase classname=\"sgftidy\" name=\"sgftidy\">$nl<error type=\"fatal\" message=\"1 error(s), 0 warning(s), 0 information message(s)\">sgftidy: fatal F101: options conflict: -R goes with a batch mode: --check, --in-place, --outdir=DIR, --list-different, --diff or --duplicates&#10;</error>$nl</testcase>$nl</testsuite>$nl"
check out-stdout 5 "$wj" "" -- --format=json --output-file=- warn.sgf
check out-none 0 "" "" -- --format=gitlab --output-file=rep/g.json --check empty
same out-none rep/g.json "[]$nl"
cp "$TMPD/warn.sgf" "$TMPD/rep/w.sgf"
# The refusal goes to standard error, in the format asked for.
check out-input 20 "" "{\"file\":null,\"severity\":\"fatal\",\"code\":101,\"key\":\"OPTION_CONFLICT\",\"critical\":false,\"message\":\"options conflict: --output-file=rep/w.sgf is rep/w.sgf, a file of the run\"}$nl" -- --format=json --output-file=rep/w.sgf --check rep/w.sgf
check out-input-other-name 20 "" "sgftidy: fatal F101: options conflict: --output-file=rep/../rep/w.sgf is rep/w.sgf, a file of the run$nl" -- --output-file=rep/../rep/w.sgf --check rep/w.sgf
check out-input-walked 20 "" "sgftidy: fatal F101: options conflict: --output-file=rep/w.sgf is rep/w.sgf, a file of the run$nl" -- --output-file=rep/w.sgf --check rep
check out-outfile 20 "" "sgftidy: fatal F101: options conflict: --output-file=rep/n.sgf is rep/n.sgf, a file of the run$nl" -- --output-file=rep/n.sgf warn.sgf rep/n.sgf
same out-input rep/w.sgf "$(cat "$TMPD/warn.sgf")$nl"
check out-fault 20 "" "none/r.json: fatal F26: cannot open output file: none/r.json: No such file or directory$nl" -- --format=json --output-file=none/r.json good.sgf
check out-empty 20 "" "sgftidy: fatal F49: bad option argument: --output-file=: needs a file name$nl" -- --output-file= good.sgf

# 6. A batch that a signal cuts short: the file under way is finished,
# the report closed (SARIF: executionSuccessful false and the
# notification "interrupted"), then the signal ends the run (exit status
# 128 + 15).  The test build sends SIGTERM as the second file starts.
if [ -x "$SGFTIDY_HOOKED" ]; then
    mkdir "$TMPD/sig"
    for n in a b c; do cp "$TMPD/warn.sgf" "$TMPD/sig/$n.sgf"; done
    saved=$SGFTIDY
    SGFTIDY=$SGFTIDY_HOOKED
    SGFTIDY_HOOK=job
    SGFTIDY_HOOK_RUN='[ "$1" = sig/b.sgf ] && kill -TERM $PPID; :'
    export SGFTIDY_HOOK SGFTIDY_HOOK_RUN
    one() { printf '%s' "{\"file\":\"sig/$1.sgf\",\"line\":1,\"column\":27,\"offset\":26,\"severity\":\"warning\",\"code\":35,\"key\":\"UNKNOWN_PROP\",\"critical\":false,\"message\":\"unknown property <XY> kept\"}"; }
    sum2=$(printf '%s' "$summary" | sed 's/"files":0,"ok":0,"with_warnings":0/"files":2,"ok":0,"with_warnings":2/')
    check sig-json 143 "" "$(one a)$nl$(one b)$nl{\"notice\":\"interrupted\"}$nl{\"summary\":$sum2}$nl" -- --format=json --check sig
    check sig-text 143 "" "sig/a.sgf:1:27: warning W35: unknown property <XY> kept${nl}sig/a.sgf: 1 warning(s)${nl}sig/b.sgf:1:27: warning W35: unknown property <XY> kept${nl}sig/b.sgf: 1 warning(s)${nl}sgftidy: interrupted${nl}sgftidy: 2 files: 2 with warnings; T s$nl" -- --check sig
    check sig-text-q 143 "" "sig/a.sgf:1:27: warning W35: unknown property <XY> kept${nl}sig/b.sgf:1:27: warning W35: unknown property <XY> kept$nl" -- -q --check sig
    res() { printf '%s' "{\"ruleId\":\"35\",\"ruleIndex\":34,\"level\":\"warning\",\"message\":{\"text\":\"unknown property <XY> kept\"},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":\"sig/$1.sgf\"},\"region\":{\"startLine\":1,\"startColumn\":27}}}],\"properties\":{\"key\":\"UNKNOWN_PROP\",\"critical\":false}}"; }
    check sig-sarif 143 "" "SARIF[$nl$(res a),$nl$(res b)$nl],\"invocations\":[{\"executionSuccessful\":false,\"toolExecutionNotifications\":[{\"level\":\"note\",\"message\":{\"text\":\"interrupted\"}}],\"properties\":{\"summary\":$sum2}}]}]}$nl" -- --format=sarif --check sig
    keep sig.sarif
    check sig-junit 143 "" "" -- --format=junit --output-file=rep/sig.xml --check sig
    case_of() { printf '%s' "<testcase classname=\"sig/$1.sgf\" name=\"sig/$1.sgf\">$nl<failure type=\"warning\" message=\"0 error(s), 1 warning(s), 0 information message(s)\">sig/$1.sgf:1:27: warning W35: unknown property &lt;XY&gt; kept&#10;</failure>$nl</testcase>"; }
    cp "$TMPD/rep/sig.xml" "$TMPD/keep-sig.junit"
    same sig-junit rep/sig.xml "$head<testsuite name=\"sgftidy\" tests=\"2\" failures=\"2\" errors=\"0\" skipped=\"0\">$nl$(case_of a)$nl$(case_of b)$nl</testsuite>$nl"
    # --in-place: nothing left behind but the files, old or new.
    check sig-in-place 143 "" "" -- -q --format=gitlab --output-file=rep/sig.json --in-place sig
    (cd "$TMPD/sig" && ls -A) >"$TMPD/ls"
    same sig-in-place ls "a.sgf${nl}b.sgf${nl}c.sgf$nl"
    unset SGFTIDY_HOOK SGFTIDY_HOOK_RUN
    SGFTIDY=$saved
else
    notice "SKIP documents: a signal in a batch (the test build is not at $SGFTIDY_HOOKED)"
fi

# The documents kept above parse: JSON (python3), XML (xmllint), JUnit's
# against tests/schemas/junit.xsd.
for k in "$TMPD"/keep-*; do
    case $k in
    *.sarif | *.gitlab)
        command -v python3 >/dev/null 2>&1 || continue
        if python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$k" 2>"$TMPD/lint"; then
            ok
        else
            bad "${k##*/keep-} is no JSON document: $(cat "$TMPD/lint")"
        fi ;;
    *.junit)
        command -v xmllint >/dev/null 2>&1 || continue
        if xmllint --noout --schema "$srcdir/tests/schemas/junit.xsd" "$k" 2>"$TMPD/lint"; then
            ok
        else
            bad "${k##*/keep-} against tests/schemas/junit.xsd: $(cat "$TMPD/lint")"
        fi ;;
    *.checkstyle)
        command -v xmllint >/dev/null 2>&1 || continue
        if xmllint --noout "$k" 2>"$TMPD/lint"; then ok; else bad "${k##*/keep-} is no XML document: $(cat "$TMPD/lint")"; fi ;;
    esac
done

echo "documents.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ] || exit 1
command -v xmllint >/dev/null 2>&1 || need_tool xmllint "libxml2-utils"
exit 0
