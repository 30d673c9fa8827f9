#!/bin/sh
# reports.sh - the machine reports are valid documents in every case, as
# the programs that read them check them: each SARIF log through
# Microsoft's SARIF multitool (validate: the SARIF 2.1.0 schema and its
# rules), each GitLab Code Quality report through ajv against
# tests/schemas/gitlab-codequality.json.  The cases: a folder with
# problems (checked, listed as not in normal form, rewritten), a folder
# with no record, a file that cannot be read, usage errors.  What the
# documents hold is compared too: the results of each SARIF log, each
# GitLab report byte for byte.  .ci/need-validators installs the two
# programs (into $SGFTIDY_CI_TOOLS, default ~/.cache/sgftidy-ci).
. "${srcdir:-.}/tests/setup.sh"
need_validators
need_tool python3 "Python 3"
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

cd "$TMPD" || exit 99
mkdir g none
printf '(;FF[4]GM[1]SZ[19]DT[2000-7-19]XX[1];B[aa])' >g/a.sgf
printf '(;FF[4]GM[1]SZ[19];B[aa];W[aa])\n' >g/b.sgf
printf '(;FF[4]GM[1]SZ[19]\n;B[aa])\n' >g/c.sgf
printf 'no record here\n' >none/notes.txt

# sarif NAME ARGS...: the SARIF log of sgftidy ARGS in NAME.sarif is
# valid: the multitool reports no error and no warning
sarif() {
    name=$1
    shift
    run --format=sarif "$@" 2>"$name.sarif" >/dev/null
    if sarif_valid "$name.sarif" "$name.valid"; then ok; else
        bad "$name: SARIF log not valid"
        cat "$name.valid"
    fi
}
# gitlab NAME ARGS...: the GitLab report of sgftidy ARGS in NAME.json
# is valid against the schema
gitlab() {
    name=$1
    shift
    run --format=gitlab "$@" 2>"$name.json" >/dev/null
    if gitlab_valid "$name.json" "$name.valid"; then
        ok
    else
        bad "$name: GitLab report not valid"
        cat "$name.valid" "$name.json"
    fi
}
# results NAME EXPECTED: the results of NAME.sarif, one line each (rule,
# level, file:line:column, text), then the invocation (successful or not
# and its notifications) are EXPECTED
results() {
    python3 - "$1.sarif" >"$1.results" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
for r in run["results"]:
    loc = r["locations"][0]["physicalLocation"]
    reg = loc.get("region", {})
    print(r["ruleId"], r["level"], "%s:%s:%s" % (
        loc["artifactLocation"]["uri"], reg.get("startLine", "-"),
        reg.get("startColumn", "-")), r["message"]["text"])
inv = run["invocations"][0]
print("executionSuccessful", inv["executionSuccessful"])
for n in inv.get("toolExecutionNotifications", []):
    print("notification", n["level"], n["message"]["text"])
PY
    if [ "$(cat "$1.results")" = "$2" ]; then ok; else
        bad "$1: SARIF results"
        printf 'expected:\n%s\ngot:\n' "$2"
        cat "$1.results"
    fi
}
# same NAME EXPECTED: NAME.json is EXPECTED, byte for byte
same() {
    if [ "$(cat "$1.json")" = "$2" ]; then ok; else
        bad "$1: GitLab report"
        printf 'expected:\n%s\ngot:\n' "$2"
        cat "$1.json"
    fi
}

# A folder with problems.
sarif check --check g
results check "35 warning g/a.sgf:1:32 unknown property <XX> kept
15 error g/a.sgf:1:21 illegal <DT> value corrected; new [2000-07-19], old [2000-7-19]
58 warning g/b.sgf:1:26 move on an occupied point [aa]
executionSuccessful True"
gitlab check --check g
same check '[
{"description":"W35: unknown property <XX> kept","check_name":"sgftidy/UNKNOWN_PROP","fingerprint":"fa84e8c879bb7c47d1a96a77884693c8","severity":"minor","location":{"path":"g/a.sgf","lines":{"begin":1},"positions":{"begin":{"line":1,"column":32}}}},
{"description":"E15: illegal <DT> value corrected; new [2000-07-19], old [2000-7-19]","check_name":"sgftidy/BAD_VALUE_CORRECTED","fingerprint":"2a7ff3ba14c595cbbc4214020c6246f6","severity":"major","location":{"path":"g/a.sgf","lines":{"begin":1},"positions":{"begin":{"line":1,"column":21}}}},
{"description":"W58: move on an occupied point [aa]","check_name":"sgftidy/OCCUPIED_POINT","fingerprint":"a68168782ff5636fba0f85834caecb2e","severity":"minor","location":{"path":"g/b.sgf","lines":{"begin":1},"positions":{"begin":{"line":1,"column":26}}}}
]'
# The same paths written otherwise give the same fingerprints.
gitlab dotted --check ./g/a.sgf ./g/b.sgf g/c.sgf
same dotted "$(cat check.json)"

# Files not in normal form: a result each (152).
sarif listed --list-different g
results listed "35 warning g/a.sgf:1:32 unknown property <XX> kept
15 error g/a.sgf:1:21 illegal <DT> value corrected; new [2000-07-19], old [2000-7-19]
152 warning g/a.sgf:1:- not in normal form: sgftidy --in-place would rewrite the file
58 warning g/b.sgf:1:26 move on an occupied point [aa]
152 warning g/b.sgf:1:- not in normal form: sgftidy --in-place would rewrite the file
152 warning g/c.sgf:1:- not in normal form: sgftidy --in-place would rewrite the file
executionSuccessful True"
gitlab listed --list-different g

# Rewritten in place.
cp -R g w
sarif inplace --in-place w
gitlab inplace --in-place w

# A folder with no record, and a file that cannot be read.
sarif none --check none
results none "executionSuccessful True
notification note no game records (sgf,gib,ngf,ugf,ugi) in the paths given (-R takes subfolders too)"
gitlab none --check none
same none '[]'
sarif missing --check g/a.sgf g/missing.sgf
results missing "35 warning g/a.sgf:1:32 unknown property <XX> kept
15 error g/a.sgf:1:21 illegal <DT> value corrected; new [2000-07-19], old [2000-7-19]
3 error g/missing.sgf:1:- cannot open input file: No such file or directory
executionSuccessful False"
gitlab missing --check g/a.sgf g/missing.sgf

# Usage errors: a document still.
# SARIF: a notification of the run, no result; GitLab: an issue of the
# path "sgftidy" (its format has no place for the tool's own messages).
sarif typo --formt=json g
results typo "executionSuccessful False
notification error unknown command-line option '--formt=json'; did you mean '--format'? (--help for help)"
gitlab typo --formt=json g
same typo '[
{"description":"F68: unknown command-line option '"'--formt=json'; did you mean '--format'?"' (--help for help)","check_name":"sgftidy/UNKNOWN_LONG_OPTION","fingerprint":"333a3a48465d8a72e5ac8ef658489037","severity":"blocker","location":{"path":"sgftidy","lines":{"begin":1}}}
]'
sarif value --color=sometimes --check g
results value "executionSuccessful False
notification error $(run --color=sometimes 2>&1 | sed 's/^sgftidy: fatal F49: //')"
gitlab value --color=sometimes --check g
# The report in a file of its own (--output-file): the same document.
run --format=sarif --check --output-file=out.sarif g 2>err >/dev/null
[ -s out.sarif ] && [ ! -s err ] && ok || bad "--output-file: no report, or lines on standard error"
sed 's/"seconds":[0-9.]*/"seconds":T/' out.sarif >out1
sed 's/"seconds":[0-9.]*/"seconds":T/' check.sarif >out2
cmp -s out1 out2 && ok || bad "--output-file: not the document of standard error"
mv out.sarif outfile.sarif
sarif_valid outfile.sarif outfile.valid && ok || bad "--output-file: not valid"

echo "reports.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
