#!/bin/sh
# html.sh - the page of --report: the exact bytes of a small one
# (tests/html/small.html; UPDATE=1 writes it anew), names that try to
# break out of the page (</script>, markup characters, a control
# character, right-to-left text) shown only escaped, the same bytes from
# run to run and with --jobs, totals and counts that agree with
# --format=json's records of the same run, the boards of faults in Go
# games, and the options refused where they cannot work.
. "$(dirname "$0")/setup.sh"

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() {
    echo "FAIL $*"
    fail=$((fail + 1))
}

# The inputs: a file of each kind of result.
mkdir "$TMPD/in"
cd "$TMPD/in" || exit 99
printf '(;GM[1]FF[4]SZ[9];B[cc];W[dd];B[ee];W[cc])\n' >occ.sgf
printf '(;GM[1]FF[4]SZ[9]XY[1];B[ee])\n' >warn.sgf
printf '(;GM[1]FF[4]SZ[9]KM[abc];B[tt])\n' >err.sgf
printf 'hello\n' >nosgf.sgf
printf '(;GM[1]FF[4]SZ[9];B[aa])\n' >ok.sgf
cd "$TMPD" || exit 99

# 1. The exact bytes of a small page (no boards: section 5 has them).
gold="$srcdir/tests/html/small.html"
run --check --report=small.html --report-boards=0 in/occ.sgf in/warn.sgf \
    in/err.sgf in/nosgf.sgf in/ok.sgf 2>/dev/null
rc=$?
if [ "$rc" -ne 20 ]; then
    bad "small: exit status $rc, expected 20"
elif [ "${UPDATE:-0}" = 1 ]; then
    cp small.html "$gold" && notice "html.sh: wrote $gold"
    ok
elif cmp -s "$gold" small.html; then
    ok
else
    bad "small: the page differs from tests/html/small.html"
    diff -u "$gold" small.html | head -n 40
fi

# 2. The same bytes from run to run, and with four jobs.
run --check --report=again.html --report-boards=0 in/occ.sgf in/warn.sgf \
    in/err.sgf in/nosgf.sgf in/ok.sgf 2>/dev/null
run -j4 --check --report=jobs.html --report-boards=0 in/occ.sgf \
    in/warn.sgf in/err.sgf in/nosgf.sgf in/ok.sgf 2>/dev/null
if cmp -s small.html again.html && cmp -s small.html jobs.html; then
    ok
else
    bad "deterministic: two runs, or -j4, give other bytes"
fi

# 3. Hostile names: files whose names hold markup characters, a control
# character and right-to-left text (with an override), and a name given
# by --stdin-filename that holds "</script>".  The page holds them only
# escaped; its only raw "<script" and "</script>" are its own.
mkdir names
lt='<&"'"'"'x.sgf'
ctl=$(printf 'c\001d.sgf')
rtl=$(printf '\327\251\327\234\327\225\327\235\342\200\256gfs.sgf')
for n in "$lt" "$ctl" "$rtl"; do
    printf '(;GM[1]FF[4]SZ[9]XY[1])\n' >"names/$n"
done
printf '(;GM[1]FF[4]SZ[9]XY[1])\n' |
    run --check --report=names.html --stdin-filename='a</script><b>.sgf' \
        names - 2>/dev/null
if python3 - names.html <<'EOF'; then ok; else bad "hostile names"; fi
import sys
page = open(sys.argv[1], "rb").read()
want = [
    b"&lt;&amp;&quot;&#39;x.sgf",           # markup characters
    b"c\\x01d.sgf",                         # a control character
    "\u05e9\u05dc\u05d5\u05dd".encode() + b"\\u202Egfs.sgf",  # RTL, override
    b"a&lt;/script&gt;&lt;b&gt;.sgf",       # --stdin-filename's
]
fails = [w for w in want if w not in page]
if fails:
    print("missing escaped forms:", fails)
if page.count(b"<script") != 1 or page.count(b"</script") != 1:
    print("script elements:", page.count(b"<script"), page.count(b"</script"))
    fails.append("script")
raw = [b"<&", b"\x01", "\u202e".encode(), b"<b>"]
found = [r for r in raw if r in page]
if found:
    print("raw forms in the page:", found)
    fails += found
sys.exit(1 if fails else 0)
EOF

# 4. The totals and the counts of each message are those of the JSON
# records of the same run (its summary and its messages, 152 included).
run --check --format=json --report=json.html --report-boards=0 in \
    names 2>json.txt
run --list-different --format=json --report=diff.html in/ok.sgf in/warn.sgf \
    2>diff.txt >/dev/null
if python3 - json.html json.txt diff.html diff.txt <<'EOF'; then ok; else bad "totals against JSON"; fi
import json, re, sys
from collections import Counter

def page_numbers(path):
    page = open(path, encoding="utf-8").read()
    totals = dict(re.findall(r'<tr><th>([^<]+)</th><td class="n">(\d+)</td></tr>', page))
    counts = Counter()
    for n, code in re.findall(r'<tr><td class="n">(\d+)</td><td class="[a-z]+">'
                              r'<a href="#m\d+"><code>([IWEF]\d+)</code>', page):
        counts[code] += int(n)
    return {k: int(v) for k, v in totals.items()}, counts

def json_numbers(path):
    summary, counts = None, Counter()
    for line in open(path, encoding="utf-8"):
        rec = json.loads(line)
        if "summary" in rec:
            summary = rec["summary"]
        elif "code" in rec:
            counts[rec["severity"][0].upper() + str(rec["code"])] += 1
    return summary, counts

keys = {"files": "files", "OK": "ok", "with warnings": "with_warnings",
        "with errors": "with_errors", "fatal": "failed", "written": "written",
        "changed": "changed", "unchanged": "unchanged",
        "not in normal form": "not_in_normal_form", "skipped": "skipped",
        "folders not read": "folders_not_read"}
bad = 0
for page, log in ((sys.argv[1], sys.argv[2]), (sys.argv[3], sys.argv[4])):
    totals, pc = page_numbers(page)
    summary, jc = json_numbers(log)
    for word, key in keys.items():
        if totals.get(word) != summary[key]:
            print(page, word, totals.get(word), "JSON", summary[key])
            bad = 1
    if pc != jc:
        print(page, "counts", dict(pc), "JSON", dict(jc))
        bad = 1
    if not summary["files"]:
        bad = 1
sys.exit(bad)
EOF

# 5. Boards: the fault W58 of occ.sgf (White on cc, where Black stands)
# has the board of its node: the stone of cc replaced, White's on dd,
# Black's on ee, the move's point marked, the last move cc.  In two
# game trees each fault has the board of its own tree; a game other
# than Go has none; a file in another charset has the node of its
# fault; --in-place draws the input as it was, and -j2 gives the same
# page.  stones FILE: a line a board, its points and marks.
stones() {
    python3 - "$1" <<'EOF'
import re, sys
page = open(sys.argv[1], encoding="utf-8").read()
for fig in re.findall(r'<figure class="board">(.*?)</figure>', page, re.S):
    last = re.search(r'<svg [^>]*data-last="([a-z]+)"', fig)
    items = ["last=" + (last.group(1) if last else "-")]
    items += sorted(p + ":" + c for p, c in
                    re.findall(r'data-point="([a-z]+)" data-color="([bw])"', fig))
    items += ["mark=" + m for m in re.findall(r'class="mark" data-point="([a-z]+)"', fig)]
    print(" ".join(items))
EOF
}
# check_boards NAME WANT FILE: the boards of the page FILE are WANT.
check_boards() {
    if [ "$(stones "$3")" = "$2" ]; then
        ok
    else
        bad "boards $1: $(stones "$3")"
    fi
}
printf '(;GM[1]FF[4]SZ[9];B[aa];W[aa])(;GM[1]FF[4]SZ[9];B[bb];W[cc];B[bb])\n' >in/two.sgf
printf '(;GM[3]FF[4]SZ[9]XY[1];B[aa])\n' >in/chess.sgf
run --check --report=boards.html in/occ.sgf 2>/dev/null
check_boards occ "last=cc cc:w dd:w ee:b mark=cc" boards.html
run --check --report=two.html in/two.sgf in/chess.sgf 2>/dev/null
check_boards two "last=aa aa:w mark=aa
last=bb bb:b cc:w mark=bb" two.html
mkdir inplace
cp in/occ.sgf in/two.sgf inplace/
run -j2 --in-place --report=inplace.html inplace 2>/dev/null
check_boards in-place "last=aa aa:w mark=aa
last=bb bb:b cc:w mark=bb
last=cc cc:w dd:w ee:b mark=cc" inplace.html
# A file in Latin-1: the offsets of its faults are in the text decoded
# (-E1), as the reader's are; the fault is at the second B[aa].
printf '(;GM[1]FF[4]CA[ISO-8859-1]SZ[9]C[\351\351\351\351\351\351\351\351];B[aa]C[\351\351\351\351];W[bb];B[aa];W[cc])\n' >in/latin1.sgf
run --check --report=latin1.html in/latin1.sgf 2>/dev/null
check_boards latin1 "last=aa aa:b bb:w mark=aa" latin1.html
run --check --report=boards1.html --report-boards=1 --report-files=1 \
    in/occ.sgf in/two.sgf 2>/dev/null
run -j2 --check --report=boards2.html --report-boards=1 --report-files=1 \
    in/occ.sgf in/two.sgf 2>/dev/null
# one board a file, in the worst file only (two.sgf: two warnings)
check_boards bounded "last=aa aa:w mark=aa" boards1.html
if cmp -s boards1.html boards2.html; then ok; else bad "boards with -j2"; fi
# No board before the first stone: a fault at a root with no setup, or
# at a pass before any move, has an empty board, which says nothing;
# a root with setup has its stones.
printf '(;GM[1]FF[4]SZ[9]XY[1];B[tt]XZ[1];W[cc]YY[1])\n' >in/early.sgf
printf '(;GM[1]FF[4]SZ[9]AB[dd]XY[1])\n' >in/setup.sgf
run --check --report=early.html in/early.sgf in/setup.sgf 2>/dev/null
check_boards early "last=cc cc:w mark=cc
last=- dd:b" early.html

# 6. Options that cannot work are refused: exit status 20, the exact
# message, and no page.
# refused WANT_ERR ARGS...
refused() {
    want=$1
    shift
    rm -f r.html
    run "$@" >/dev/null 2>err.txt
    rc=$?
    if [ "$rc" -eq 20 ] && [ ! -e r.html ] &&
        printf 'sgftidy: fatal %s\n' "$want" | cmp -s - err.txt; then
        ok
    else
        bad "refused: $*: exit status $rc"
        printf 'sgftidy: fatal %s\n' "$want" | diff -u - err.txt
    fi
}
refused "F101: options conflict: --report-boards, --report-files and --report-time go with --report" \
    --report-boards=2 --check in/ok.sgf
refused "F101: options conflict: --report-boards, --report-files and --report-time go with --report" \
    --report-time in/ok.sgf
refused "F49: bad option argument: --report=-: needs a file name: the page is no stream" \
    --report=- --check in/ok.sgf
refused "F49: bad option argument: --report=: needs a file name" \
    --report= in/ok.sgf
refused "F49: bad option argument: --report-files=x" \
    --report=r.html --report-files=x in/ok.sgf
refused "F101: options conflict: --report=in/ok.sgf is in/ok.sgf, a file of the run" \
    --report=in/ok.sgf --check in/ok.sgf
refused "F101: options conflict: --report=in/ok.sgf is in/ok.sgf, a file of the run" \
    --report=in/ok.sgf --check in
refused "F101: options conflict: --report shows the messages of the checks: not with --duplicates" \
    --report=r.html --duplicates in
# The same file for the page and --output-file: the refusal is the
# report of --output-file.
rm -f r.html
run --report=r.html --output-file=r.html --check in/ok.sgf >/dev/null 2>err.txt
rc=$?
if [ "$rc" -eq 20 ] && [ ! -s err.txt ] &&
    printf 'sgftidy: fatal F101: options conflict: --report and --output-file name the same file\n' |
    cmp -s - r.html; then
    ok
else
    bad "refused: the same file as --output-file: exit status $rc"
fi

echo "html.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
