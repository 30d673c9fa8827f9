#!/bin/sh
# readme.sh - the CI recipes of README.md run as they are written: each
# command of its YAML blocks (a "run:" of GitHub Actions, a "- sgftidy"
# line of a GitLab script) is taken from the README itself and run by
# sh on a folder games/ with problems and on one with no record, with
# sgftidy on PATH.  What they leave is checked as GitHub, code scanning
# and GitLab would take it: the annotations, the SARIF log (the SARIF
# multitool), the Code Quality report (its schema).
. "${srcdir:-.}/tests/setup.sh"
need_validators
need_tool python3 "Python 3"
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

cd "$TMPD" || exit 99
mkdir bin
ln -s "$SGFTIDY" bin/sgftidy
PATH=$TMPD/bin:$PATH
export PATH

# The commands, one a line, in the README's order.
python3 - "$srcdir/README.md" >recipes <<'PY'
import re, sys
block = False
for line in open(sys.argv[1], encoding="utf-8"):
    if line.startswith("```"):
        block = line.strip() == "```yaml"
        continue
    if not block:
        continue
    m = re.match(r"\s*(?:- )?run: (sgftidy .*)$", line) or \
        re.match(r"\s*- (sgftidy .*)$", line)
    if m:
        print(m.group(1))
PY
# Three recipes: annotations, the SARIF upload file, the GitLab artifact.
grep -q -- '--format=github' recipes && grep -q -- '--format=sarif' recipes &&
    grep -q -- '--format=gitlab' recipes && [ "$(wc -l <recipes)" -eq 3 ] &&
    ok || { bad "the README's recipes"; cat recipes; }

# recipe FORMAT: runs the README's command of FORMAT in the current
# folder; its standard output in out, standard error in err, status in rc
recipe() {
    cmd=$(grep -- "--format=$1" "$TMPD/recipes")
    sh -c "$cmd" >out 2>err
    rc=$?
}
# sarif_ok FILE, gitlab_ok FILE: as code scanning and GitLab take them
sarif_ok() {
    if sarif_valid "$1" valid; then ok; else
        bad "$(pwd): $1 not valid"; cat valid
    fi
}
gitlab_ok() {
    if gitlab_valid "$1" valid; then ok; else
        bad "$(pwd): $1 not valid"; cat valid "$1"
    fi
}
# same WHAT FILE EXPECTED: FILE holds EXPECTED
same() {
    if [ "$(cat "$2")" = "$3" ]; then ok; else
        bad "$(pwd): $1"; printf 'expected:\n%s\ngot:\n' "$3"; cat "$2"
    fi
}

# A folder with problems: a repaired value, a warning, a file not in
# normal form.
mkdir -p problems/games/old empty/games
printf '(;FF[4]GM[1]SZ[19]DT[2000-7-19];B[aa])' >problems/games/a.sgf
printf '(;FF[4]GM[1]SZ[19];B[aa];W[aa])\n' >problems/games/old/b.sgf
printf '(;FF[4]GM[1]SZ[19]\n;B[aa])\n' >problems/games/c.sgf
printf 'no record\n' >empty/games/notes.txt

cd "$TMPD/problems" || exit 99
recipe github
[ "$rc" -eq 10 ] && ok || bad "problems, GitHub: exit status $rc, not 10 (errors)"
# the paths printed by --list-different, then the annotations
cat out err | sed 's/; [0-9]*\.[0-9][0-9] s$/; T s/' >annotations
same "GitHub annotations" annotations "games/a.sgf
games/c.sgf
games/old/b.sgf
::error file=games/a.sgf,line=1,col=21,title=E15 BAD_VALUE_CORRECTED::illegal <DT> value corrected; new [2000-07-19], old [2000-7-19]
::warning file=games/a.sgf,title=W152 NOT_NORMAL_FORM::not in normal form: sgftidy --in-place would rewrite the file
games/a.sgf: 1 error(s)
::warning file=games/c.sgf,title=W152 NOT_NORMAL_FORM::not in normal form: sgftidy --in-place would rewrite the file
games/c.sgf: OK
::warning file=games/old/b.sgf,line=1,col=26,title=W58 OCCUPIED_POINT::move on an occupied point [aa]
::warning file=games/old/b.sgf,title=W152 NOT_NORMAL_FORM::not in normal form: sgftidy --in-place would rewrite the file
games/old/b.sgf: 1 warning(s)
sgftidy: 3 files: 1 OK, 1 with warnings, 1 with errors; 3 not in normal form (--in-place rewrites them); T s"
recipe sarif
[ "$rc" -eq 0 ] && ok || bad "problems, SARIF: exit status $rc (|| true)"
sarif_ok sgftidy.sarif
# code scanning and the Code Quality widget name each file to rewrite
python3 - sgftidy.sarif >listed <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["runs"][0]["results"]:
    print(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"])
PY
same "SARIF results" listed "15 games/a.sgf
152 games/a.sgf
152 games/c.sgf
58 games/old/b.sgf
152 games/old/b.sgf"
recipe gitlab
gitlab_ok gl-code-quality-report.json
python3 - gl-code-quality-report.json >listed <<'PY'
import json, sys
for i in json.load(open(sys.argv[1])):
    print(i["check_name"], i["location"]["path"], i["severity"])
PY
same "GitLab issues" listed "sgftidy/BAD_VALUE_CORRECTED games/a.sgf major
sgftidy/NOT_NORMAL_FORM games/a.sgf minor
sgftidy/NOT_NORMAL_FORM games/c.sgf minor
sgftidy/OCCUPIED_POINT games/old/b.sgf minor
sgftidy/NOT_NORMAL_FORM games/old/b.sgf minor"

cd "$TMPD/empty" || exit 99
recipe github
[ "$rc" -eq 0 ] && ok || bad "empty, GitHub: exit status $rc, not 0"
cat out err | sed 's/; [0-9]*\.[0-9][0-9] s$/; T s/' >annotations
same "GitHub annotations, no record" annotations "::notice::no game records (sgf,gib,ngf,ugf,ugi) in the paths given"
recipe sarif
sarif_ok sgftidy.sarif
recipe gitlab
gitlab_ok gl-code-quality-report.json
same "GitLab report, no record" gl-code-quality-report.json "[]"

echo "readme.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
