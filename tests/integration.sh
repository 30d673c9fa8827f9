#!/bin/sh
# integration.sh - what sgftidy gives other programs: the shell
# completions (sgftidy --completion=bash|zsh|fish), made from the option
# table, and the hooks of .pre-commit-hooks.yaml, run by pre-commit.
. "$(dirname "$0")/setup.sh"

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
cd "$TMPD" || exit 99

# --- the completion scripts --------------------------------------------
for sh in bash zsh fish; do
    if run --completion=$sh >comp.$sh 2>err && [ -s comp.$sh ] && [ ! -s err ]; then ok
    else bad "--completion=$sh" "$(cat err)"; fi
done
run --completion=ksh >out 2>err
rc=$?
if [ $rc -eq 20 ] && [ ! -s out ] &&
    [ "$(cat err)" = "sgftidy: fatal F49: bad option argument: --completion=ksh" ]; then ok
else bad "an unknown shell refused" "$rc $(cat err)"; fi

# Every long option of --help in each script, so they cannot drift.
run --help | grep -o -- '--[a-z0-9][a-z0-9-]*' | sort -u >longs
if [ "$(wc -l <longs)" -gt 50 ] && grep -qx -- --completion longs; then ok
else bad "the long options of --help" "$(wc -l <longs)"; fi
for sh in bash zsh fish; do
    missing=
    while read -r o; do
        case $sh in
        fish) grep -q -- "-l ${o#--}\( \|$\)" comp.fish || missing="$missing $o" ;;
        *) grep -q -- "$o\([]=[ '\'']\|$\)" comp.$sh || missing="$missing $o" ;;
        esac
    done <longs
    if [ -z "$missing" ]; then ok; else bad "$sh names every long option" "$missing"; fi
done

# bash: loads, is the completion of sgftidy, and completes names and
# values.  comp CWORD WORDS...: the words it offers, one a line.
need_tool bash "the shell"
comp() {
    bash -c '. ./comp.bash || exit 1
        complete -p sgftidy || exit 1
        cword=$1; shift; COMP_WORDS=("$@"); COMP_CWORD=$cword
        _sgftidy
        printf "%s\n" "${COMPREPLY[@]}"' bash "$@" 2>&1
}
check_comp() { # CASE EXPECTED CWORD WORDS...
    c=$1 want=$2
    shift 2
    # in any order (bash lists files in the order of the folder)
    got=$(comp "$@" | sort)
    want=$(printf '%s\n%s\n' "complete -F _sgftidy sgftidy" "$want" | sort)
    if [ "$got" = "$want" ]; then ok; else bad "bash: $c" "$got"; fi
}
check_comp "--form" "--format=" 1 sgftidy --form
formats="default sgfc json sarif github gitlab checkstyle junit auto text"
check_comp "--format=" "$(for f in $formats; do echo "--format=$f"; done)" 1 sgftidy --format=
check_comp "--format = (split at =)" "$(echo "$formats" | tr ' ' '\n')" 2 sgftidy --format =
check_comp "--format = j" "json
junit" 3 sgftidy --format = j
check_comp "--color=" "--color=auto
--color=always
--color=never" 1 sgftidy --color=
check_comp "--fail-on=e" "--fail-on=error" 1 sgftidy --fail-on=e
check_comp "--signature=" "--signature=sgfc
--signature=symmetric" 1 sgftidy --signature=
check_comp "-b" "-b1
-b2
-b3" 1 sgftidy -b
check_comp "-l" "-l1
-l2
-l3
-l4" 1 sgftidy -l
mkdir games
: >games/a.sgf
: >games/b.GIB
: >games/c.txt
check_comp "paths: folders and game records" "games/a.sgf
games/b.GIB" 1 sgftidy games/
check_comp "--outdir=: folders" "--outdir=games" 1 sgftidy --outdir=gam

if command -v zsh >/dev/null 2>&1; then
    if zsh -n comp.zsh 2>err && head -n 1 comp.zsh | grep -qx '#compdef sgftidy'; then ok
    else bad "zsh -n" "$(cat err)"; fi
fi
if command -v fish >/dev/null 2>&1; then
    if fish -n comp.fish 2>err; then ok; else bad "fish -n" "$(cat err)"; fi
    got=$(fish -c 'source comp.fish; complete -C "sgftidy --format="; complete -C "sgftidy -l"' 2>&1 |
        cut -f 1 | sort)
    want=$({ for f in $formats; do echo "--format=$f"; done; printf -- '-l%s\n' 1 2 3 4; } | sort)
    if [ "$got" = "$want" ]; then ok; else bad "fish: --format= and -l" "$got"; fi
fi

# --- the pre-commit hooks ----------------------------------------------
run_pc() { # HOOK: pre-commit run HOOK --all-files, output in out, status rc
    (cd proj && PATH="$TMPD/bin:$PATH" PRE_COMMIT_HOME="$TMPD/pc-home" \
        pre-commit run "$1" --all-files) >out 2>&1
    rc=$?
}
pc_tests() {
    export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.org \
        GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.org
    # sgftidy on PATH, the one under test
    mkdir bin
    printf '#!/bin/sh\nexec %s "%s" "$@"\n' "${VALGRIND:-}" "$SGFTIDY" >bin/sgftidy
    chmod +x bin/sgftidy
    # The repository of the hooks: this tree's file, at a revision.
    mkdir hooks
    cp "$srcdir/.pre-commit-hooks.yaml" hooks/
    (cd hooks && git init -q && git add .pre-commit-hooks.yaml &&
        git commit -q -m hooks) || { bad "hooks repository" ""; return; }
    rev=$(cd hooks && git rev-parse HEAD)
    mkdir proj
    (cd proj && git init -q) || return
    printf 'repos:\n- repo: %s\n  rev: %s\n  hooks:\n  - id: sgftidy\n  - id: sgftidy-format\n' \
        "$TMPD/hooks" "$rev" >proj/.pre-commit-config.yaml
    printf '(;FF[4]CA[UTF-8]GM[1]SZ[19];B[pd];W[dp])\n' >proj/clean.sgf
    printf 'notes.txt is no record\n' >proj/notes.txt
    (cd proj && git add . && git commit -q -m start) || return

    # A clean file passes both.
    for h in sgftidy sgftidy-format; do
        run_pc $h
        if [ $rc -eq 0 ] && grep -q '^sgftidy --[a-z-]*\.*Passed$' out; then ok
        else bad "pre-commit $h: a clean file passes" "$rc $(cat out)"; fi
    done

    # A file not in normal form: rewritten, and reported so.
    printf '(;GM[1]FF[4]SZ[19]\n\n;B[pd]\n;W[dp])' >proj/loose.sgf
    "$SGFTIDY" proj/loose.sgf - >want 2>/dev/null
    (cd proj && git add loose.sgf) || return
    run_pc sgftidy-format
    if [ $rc -eq 1 ] && grep -q '^sgftidy --in-place\.*Failed$' out &&
        grep -q '^- files were modified by this hook$' out; then ok
    else bad "pre-commit sgftidy-format: modified" "$rc $(cat out)"; fi
    if cmp -s want proj/loose.sgf &&
        [ "$(cat want)" = "(;FF[4]CA[UTF-8]GM[1]SZ[19];B[pd];W[dp])" ]; then ok
    else bad "the file rewritten in normal form" "$(cat proj/loose.sgf)"; fi
    if [ "$(cat proj/notes.txt)" = "notes.txt is no record" ]; then ok
    else bad "a file not a record untouched" "$(cat proj/notes.txt)"; fi

    # A file with an error fails the check, its diagnostic shown.
    printf '(;FF[4]GM[1]SZ[19];B[pd];W[zz])' >proj/bad.sgf
    (cd proj && git add bad.sgf) || return
    run_pc sgftidy
    if [ $rc -eq 1 ] && grep -q '^sgftidy --check\.*Failed$' out &&
        grep -q '^- exit code: 10$' out &&
        grep -qx 'bad.sgf:1:27: error E14: illegal <W> value deleted: \[zz\]' out &&
        grep -qx 'bad.sgf: 1 error(s)' out; then ok
    else bad "pre-commit sgftidy: an error fails" "$rc $(cat out)"; fi
    if [ "$(cat proj/bad.sgf)" = '(;FF[4]GM[1]SZ[19];B[pd];W[zz])' ]; then ok
    else bad "the check writes nothing" "$(cat proj/bad.sgf)"; fi
}
if command -v git >/dev/null 2>&1 && command -v pre-commit >/dev/null 2>&1; then
    pc_tests
else
    need_tool git "version control"
    need_tool pre-commit "the framework of git hooks"
fi

echo "integration: $pass passed, $fail failed"
[ $fail -eq 0 ]
