#!/bin/sh
# python.sh - the Python package (python/) against the library of the
# build: its pytest suite (python/tests), with SGFTIDY_LIBRARY naming
# .libs/libsgftidy.so of the build tree and PYTHONPATH the package of the
# source tree.  Nothing is written into the source tree: no byte code,
# no cache of pytest, the temporary files under $TMPD.
. "$(dirname "$0")/setup.sh"
# The interpreter: PYTHON, else the first python3 that has pytest (one
# on PATH may be another installation than the system's, which Debian's
# python3-pytest goes with).
python=${PYTHON:-}
if [ -z "$python" ]; then
    python=python3
    for p in python3 /usr/bin/python3; do
        if "$p" -c 'import pytest' >/dev/null 2>&1; then
            python=$p
            break
        fi
    done
fi
need_tool "$python" "Python 3; .ci/need-python installs it"
if ! "$python" -c 'import pytest' >/dev/null 2>&1; then
    if [ "${SGFTIDY_REQUIRE_TOOLS:-0}" = 1 ]; then
        echo "pytest for $python is required (SGFTIDY_REQUIRE_TOOLS=1) but not found" >&2
        exit 99
    fi
    notice "SKIP: pytest not found for $python (.ci/need-python installs it)"
    exit 77
fi
lib=$(dirname "$SGFTIDY")/.libs/libsgftidy.so
if [ ! -f "$lib" ]; then
    echo "the shared library is not at $lib" >&2
    exit 99
fi
SGFTIDY_LIBRARY=$lib
# A library built with AddressSanitizer (--enable-asan, as make distcheck
# in CI builds it) needs the sanitizer's runtime loaded first, before
# Python's own libraries; Python's memory at its exit is no leak of the
# library's.
asan=$(ldd "$lib" 2>/dev/null | awk '/libasan/ { print $3; exit }')
if [ -n "$asan" ]; then
    LD_PRELOAD=$asan
    ASAN_OPTIONS=detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}
    export LD_PRELOAD ASAN_OPTIONS
fi
PYTHONPATH=$srcdir/python
PYTHONDONTWRITEBYTECODE=1
TMPDIR=$TMPD
export SGFTIDY_LIBRARY PYTHONPATH PYTHONDONTWRITEBYTECODE TMPDIR
cd "$TMPD" || exit 99
"$python" -m pytest -q -p no:cacheprovider --rootdir="$TMPD" \
    --basetemp="$TMPD/pytest" "$srcdir/python/tests"
rc=$?
[ "$rc" -eq 5 ] && rc=99 # no test collected
exit "$rc"
