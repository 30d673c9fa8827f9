#!/bin/sh
# races.sh - the promises of sgftidy(1), FILES, when other programs work
# on the same files at the same time: a save of another program (written
# into the file, or a new file renamed to its name) is never replaced by
# the normalized old content, at any point of a run.  Each race is made
# to happen at one exact point by the test build's hooks (src/hook.h):
# SGFTIDY_HOOK names the points, SGFTIDY_HOOK_RUN is the other program.
. "$(dirname "$0")/setup.sh"

need_hooked
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
temps() { find . -name '.*.??????' | head -n 5; }

cd "$TMPD" || exit 99
printf '(;FF[4]GM[1]SZ[19]PB[Black];B[pd] ;W[dp])\n' >game.sgf
printf '(;FF[4]GM[1]SZ[19]PB[Saved];B[pd])\n' >save.sgf

# The other program's two ways to save g.sgf: a new file renamed over it
# (editors, sync clients), and a rewrite of the file itself.  Other
# files are left alone.
by_rename='[ "$1" = g.sgf ] || exit 0; cp save.sgf g.new && mv g.new g.sgf'
in_place='[ "$1" = g.sgf ] || exit 0; cat save.sgf >g.sgf'
changed='g.sgf: fatal F27: cannot write output file: g.sgf: it changed after it was read (another program saved it meanwhile): left as it is'

# --- 1. a save at each point of a run: never lost -------------------------
# input-opened: after the input is opened, before the output is looked at;
# input-read: the whole input read and checked, the output written to its
# temporary file; replace: the last look done, just before the
# replacement (closed by the exchange of the two files).
for mode in "--in-place g.sgf" "g.sgf g.sgf" "-j 2 --in-place g.sgf h.sgf"; do
    for how in by_rename in_place; do
        eval "cmd=\$$how"
        for point in input-opened input-read replace; do
            cp game.sgf g.sgf
            cp game.sgf h.sgf
            # shellcheck disable=SC2086
            hooked "$point" "$cmd" $mode
            case=" [$mode] $how at $point"
            if cmp -s g.sgf save.sgf; then ok; else bad "save kept$case" "$(cat g.sgf)"; fi
            if [ $rc -eq 20 ]; then ok; else bad "status$case" "$rc"; fi
            if grep -qxF "$changed" err; then ok; else bad "message$case" "$(cat err)"; fi
            if [ -z "$(temps)" ]; then ok; else bad "no temporary file$case" "$(temps)"; fi
            case $mode in
            *h.sgf*)
                if "$SGFTIDY" -q h.sgf - | cmp -s - h.sgf; then ok; else
                    bad "the other file written$case" "$(cat h.sgf)"; fi ;;
            esac
        done
    done
done

# --- 2. the file swapped out by the exchange is checked -------------------
# A save in the instant between the last look and the exchange: the file
# swapped out is the other program's, which is swapped back.  And where
# the other program then removes the file it swapped in (ours), its own
# file is put back under the name.
cp game.sgf g.sgf
hooked replace "$by_rename" g.sgf g.sgf
if cmp -s g.sgf save.sgf && [ $rc -eq 20 ] && [ -z "$(temps)" ]; then ok; else
    bad "swapped back" "$rc $(cat err)"; fi
cp game.sgf g.sgf
hooked "replace exchanged" 'if [ "$0" = replace ]; then '"$by_rename"'; else rm "$1"; fi' \
    g.sgf g.sgf
if cmp -s g.sgf save.sgf && [ $rc -eq 20 ] && grep -qxF "$changed" err &&
    [ -z "$(temps)" ]; then ok; else bad "put back" "$rc $(cat err)"; fi

# --- 3. without a race nothing changes -----------------------------------
cp game.sgf g.sgf
hooked replace true --in-place g.sgf
if [ $rc -eq 0 ] && "$SGFTIDY" -q game.sgf - | cmp -s - g.sgf && [ -z "$(temps)" ]; then ok; else
    bad "replaced without a race" "$rc $(cat err)"; fi

echo "races: $pass passed, $fail failed"
[ $fail -eq 0 ]
