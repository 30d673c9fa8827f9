#!/bin/sh
# run.sh [SECONDS] - builds the libFuzzer target with clang (AddressSanitizer
# and UndefinedBehaviorSanitizer) and runs it for SECONDS (default 60),
# seeded with the golden cases and the examples.  A finding is written to
# tests/fuzz/findings/ and the script fails; each one becomes a golden case.
# FUZZ_RUNS=N stops after N inputs and FUZZ_SEED=N fixes the fuzzer's
# random seed: a run that can be repeated (CI's is), so that a finding can
# be had again with the same command.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
seconds=${1:-60}
work=${FUZZ_WORK:-$(mktemp -d "${TMPDIR:-/tmp}/sgftidy-fuzz.XXXXXX")}
cc=${CLANG:-clang}
if ! command -v "$cc" >/dev/null 2>&1; then
    echo "SKIP: $cc not found (install clang to fuzz)"
    exit 77
fi
mkdir -p "$work/corpus" "$here/findings"
# Seeds: every golden input and example, with option byte 0.
for f in "$top"/tests/cases/*/*.sgf "$top"/tests/cases/*/*.gib \
    "$top"/tests/cases/*/*.ngf "$top"/tests/cases/*/*.ugf \
    "$top"/tests/cases/*/*.ugi "$top"/examples/*.sgf; do
    [ -f "$f" ] || continue
    case "$f" in *.out.sgf) continue ;; esac
    { printf '\000'; cat "$f"; } >"$work/corpus/$(basename "$f")"
done
config=""
[ -f "$top/config.h" ] && config="-I$top"
[ -z "$config" ] && { echo "#define HAVE_CONFIG_H 1" >"$work/config.h"; config="-I$work"; }
# shellcheck disable=SC2046
"$cc" -g -O1 -std=c11 -Werror=implicit-function-declaration \
    -fsanitize=fuzzer,address,undefined \
    -fno-sanitize-recover=undefined $config -I"$top/include" -I"$top/src" \
    "$here/fuzz_sgftidy.c" $(ls "$top"/src/*.c | grep -v '/main\.c$') \
    $(pkg-config --cflags uchardet libutf8proc) -pthread $(pkg-config --libs libutf8proc) -ldl -lm -o "$work/fuzz"
cd "$here/findings"
set -- -max_total_time="$seconds"
[ -n "${FUZZ_RUNS:-}" ] && set -- "$@" -runs="$FUZZ_RUNS"
[ -n "${FUZZ_SEED:-}" ] && set -- "$@" -seed="$FUZZ_SEED"
"$work/fuzz" "$@" -max_len=4096 -dict="$here/dictionary" \
    -print_final_stats=1 "$work/corpus"
