#!/bin/sh
# browser.sh - the page of --report in the tools of the web: valid HTML5
# by the Nu HTML Checker (vnu.jar, with Java), and in a headless Chromium
# (driven by playwright-core) opened from file:// with every request that
# is not of a file aborted and counted: no console errors, no request
# outside the page, a click on a column's head sorts the table, the
# filter hides the rows it does not match, and the stones of a board are
# in the DOM.  The tools are those .ci/need-html installs (in html/ of
# $SGFTIDY_CI_TOOLS, default ~/.cache/sgftidy-ci; CHROMIUM names the
# browser, default chromium): skipped without them, a failure with
# SGFTIDY_REQUIRE_TOOLS=1.  SCREENSHOT=FILE also writes a picture of the
# page (docs/report.png is one).
. "$(dirname "$0")/setup.sh"

mods=${SGFTIDY_CI_TOOLS:-${HOME:-/root}/.cache/sgftidy-ci}/html/node_modules
need_tool java "Java, for the Nu HTML Checker (.ci/need-html)"
need_tool node "Node.js, for playwright-core (.ci/need-html)"
need_tool "${CHROMIUM:-chromium}" "a headless Chromium (.ci/need-html)"
chromium=$(command -v "${CHROMIUM:-chromium}")
for m in vnu-jar/build/dist/vnu.jar playwright-core/package.json; do
    if [ ! -f "$mods/$m" ]; then
        if [ "${SGFTIDY_REQUIRE_TOOLS:-0}" = 1 ]; then
            echo "$mods/$m is required (SGFTIDY_REQUIRE_TOOLS=1) but not found" >&2
            exit 99
        fi
        notice "SKIP: $mods/$m not found (.ci/need-html)"
        exit 77
    fi
done

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() {
    echo "FAIL $*"
    fail=$((fail + 1))
}

mkdir "$TMPD/in" "$TMPD/names"
cd "$TMPD" || exit 99
printf '(;GM[1]FF[4]SZ[9];B[cc];W[dd];B[ee];W[cc])\n' >in/occ.sgf
printf '(;GM[1]FF[4]SZ[9]XY[1];B[ee])\n' >in/warn.sgf
printf '(;GM[1]FF[4]SZ[9]KM[abc];B[tt])\n' >in/err.sgf
printf 'hello\n' >in/nosgf.sgf
printf '(;GM[1]FF[4]SZ[9];B[aa])\n' >in/ok.sgf
for n in '<&"'"'"'x.sgf' "$(printf 'c\001d.sgf')" \
    "$(printf '\327\251\327\234\327\225\327\235\342\200\256gfs.sgf')"; do
    printf '(;GM[1]FF[4]SZ[9]XY[1])\n' >"names/$n"
done
run --check --report=page.html in/occ.sgf in/warn.sgf in/err.sgf \
    in/nosgf.sgf in/ok.sgf 2>/dev/null
printf '(;GM[1]FF[4]SZ[9]XY[1])\n' |
    run --check --report=names.html --stdin-filename='a</script><b>.sgf' \
        names - 2>/dev/null
run --check --report=empty.html --report-boards=0 in/ok.sgf 2>/dev/null

# 1. Valid HTML5, with no warning either.
for p in page.html names.html empty.html; do
    if java -jar "$mods/vnu-jar/build/dist/vnu.jar" --Werror "$p" \
        >vnu.txt 2>&1; then
        ok
    else
        bad "vnu: $p"
        cat vnu.txt
    fi
done

# 2. The page in a browser.
cat >drive.js <<'EOF'
const { chromium } = require(process.env.MODS + "/playwright-core");
(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH,
    args: ["--no-sandbox"],
  });
  const context = await browser.newContext({
    offline: true, viewport: { width: 1000, height: 1250 } });
  const outside = [];
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith("file:")) return route.continue();
    outside.push(url);
    return route.abort();
  });
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("request", (r) => {
    if (!r.url().startsWith("file:")) outside.push(r.url());
  });
  const rows = () => page.$$eval("#file-table tbody tr", (rs) =>
    rs.filter((r) => !r.hidden).map((r) => r.cells[0].textContent));
  const say = (what, v) => console.log(what + ": " + JSON.stringify(v));
  await page.goto("file://" + process.env.PAGE);
  say("worst first", await rows());
  await page.click("#file-table thead th:nth-child(1)");
  say("by name", await rows());
  await page.click("#file-table thead th:nth-child(1)");
  say("by name, reversed", await rows());
  await page.click("#file-table thead th:nth-child(5)");
  say("most warnings first", await rows());
  await page.fill("#filter", "ok");
  say("filter ok", await rows());
  say("shown", await page.textContent("#shown"));
  await page.fill("#filter", "");
  say("filter none", (await rows()).length);
  say("board", await page.$$eval("figure.board svg [data-point][data-color]",
    (cs) => cs.map((c) => c.getAttribute("data-point") + ":" +
                          c.getAttribute("data-color")).sort()));
  say("mark", await page.$$eval("figure.board svg .mark",
    (cs) => cs.map((c) => c.getAttribute("data-point"))));
  if (process.env.SCREENSHOT)
    await page.screenshot({ path: process.env.SCREENSHOT, fullPage: true });
  say("console errors", errors);
  say("requests outside", outside);
  await browser.close();
})().catch((e) => { console.log("error: " + e); process.exit(1); });
EOF
MODS=$mods CHROMIUM_PATH=$chromium PAGE=$TMPD/page.html \
    SCREENSHOT=${SCREENSHOT:-} node drive.js >got.txt 2>err.txt
rc=$?
cat >want.txt <<'EOF'
worst first: ["in/nosgf.sgf","in/err.sgf","in/occ.sgf","in/warn.sgf","in/ok.sgf"]
by name: ["in/err.sgf","in/nosgf.sgf","in/occ.sgf","in/ok.sgf","in/warn.sgf"]
by name, reversed: ["in/warn.sgf","in/ok.sgf","in/occ.sgf","in/nosgf.sgf","in/err.sgf"]
most warnings first: ["in/occ.sgf","in/warn.sgf","in/nosgf.sgf","in/err.sgf","in/ok.sgf"]
filter ok: ["in/ok.sgf"]
shown: "1 of 5 shown"
filter none: 5
board: ["cc:w","dd:w","ee:b"]
mark: ["cc"]
console errors: []
requests outside: []
EOF
if [ "$rc" -eq 0 ] && cmp -s want.txt got.txt; then
    ok
else
    bad "browser: exit status $rc"
    diff -u want.txt got.txt
    cat err.txt
fi

echo "browser.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
