#!/bin/sh
# progress.sh - the progress line in a real terminal (tmux): at 20, 40
# and 200 columns it stays on one row, with what fits of it.  The test
# build stops the batch at its fourth file (hook "job") and takes a copy
# of the screen there, three files done.
. "${srcdir:-.}/tests/setup.sh"
need_tool tmux "tmux"
need_hooked
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

cd "$TMPD" || exit 99
mkdir g
# six records of 2000 bytes each: sizes 6 kB of 12 kB after three
pad=$(printf '%1977s' '' | tr ' ' x)
for i in 1 2 3 4 5 6; do
    printf '(;FF[4]GM[1]SZ[19]C[%s])\n' "$pad" >"g/g$i.sgf"
done
[ "$(wc -c <g/g1.sgf)" -eq 2000 ] || { echo "record not 2000 bytes"; exit 99; }
sock="$TMPD/tmux.sock"
cat >hook.sh <<HOOK
case "\$1" in
*g4.sgf) tmux -S "$sock" capture-pane -p -t p >"$TMPD/pane" ;;
esac
HOOK
cat >term.sh <<TERM
SGFTIDY_PROGRESS_DELAY=0 SGFTIDY_HOOK=job SGFTIDY_HOOK_RUN='. "$TMPD/hook.sh"' \
    "$SGFTIDY_HOOKED" --check g
echo \$? >"$TMPD/rc"
TERM

# at COLS columns the row of the progress line matches RE (an extended
# regular expression for the whole row) and the row after it is empty
screen() {
    cols=$1 re=$2
    rm -f pane rc
    tmux -S "$sock" -f /dev/null new-session -d -s p -x "$cols" -y 30 \
        "sh '$TMPD/term.sh'; sleep 30" || { bad "tmux did not start"; return; }
    n=0
    while [ ! -f rc ] && [ $n -lt 300 ]; do sleep 0.1; n=$((n + 1)); done
    tmux -S "$sock" kill-server 2>/dev/null
    if [ ! -f pane ]; then bad "$cols columns: no screen taken"; return; fi
    [ "$(cat rc)" = 0 ] || bad "$cols columns: exit status $(cat rc)"
    row=$(grep -n '^\[3/6' pane | head -1 | cut -d: -f1)
    if [ -z "$row" ]; then
        bad "$cols columns: no progress line"; cat pane; return
    fi
    line=$(sed -n "${row}p" pane)
    next=$(sed -n "$((row + 1))p" pane)
    if printf '%s\n' "$line" | grep -Eqx "$re" && [ -z "$next" ] &&
        [ ${#line} -lt "$cols" ]; then
        ok
    else
        bad "$cols columns: progress row '$line', next row '$next'"
    fi
}
left=', [0-9]+:[0-9]{2} left'
screen 200 "\[3/6 files, 6 kB/12 kB, [0-9.]+ [kMG]B/s$left\]"
screen 40 "\[3/6 files, 6 kB/12 kB$left\]"
screen 20 "\[3/6\]"

echo "progress.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
