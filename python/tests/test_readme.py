"""The Python examples of the README of the project and of the package's
page, run as they are written on a folder games/ of records."""

import contextlib
import io
import os
import re
from pathlib import Path

import pytest

import sgftidy

HERE = Path(__file__).resolve().parent
TOP = HERE.parent.parent / "README.md"
PAGE = HERE.parent / "README.md"

ALL = (b"(;GM[1]PB[Ann]PW[Bob]RE[B+R]C[well played];B[aa]C[x])"
       b"(;GM[1]PB[Cy]PW[Ann]RE[W+3.5];B[bb])"
       b"(;GM[1]PB[Ann]PW[Dee]RE[W+Resign];W[cc])\n")
BAD = b"(;FF[4]GM[1]SZ[19]XY[1];B[aa]C[a]C[b])\n"


def blocks(path):
    return re.findall(r"^```python\n(.*?)^```$", path.read_text("utf-8"),
                      re.M | re.S)


@pytest.fixture
def games(tmp_path, monkeypatch):
    (tmp_path / "games" / "old").mkdir(parents=True)
    (tmp_path / "games" / "all.sgf").write_bytes(ALL)
    (tmp_path / "games" / "old" / "bad.sgf").write_bytes(BAD)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(code):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README", "exec"), {})
    return out.getvalue()


def test_top_readme(games):
    check, won, nocomments = blocks(TOP)
    assert run(check) == (
        "games/old/bad.sgf:1:19: warning 35: unknown property <XY> kept\n"
        "games/old/bad.sgf:1:34: error 28: property <C> given twice in "
        "one node: texts joined\n")
    assert run(won) == "1 Ann - Bob resign\n2 Cy - Ann score\n"
    mode = os.stat("games/all.sgf").st_mode
    assert run(nocomments) == ""
    assert os.stat("games/all.sgf").st_mode == mode
    text = Path("games/all.sgf").read_bytes()
    assert b"C[" not in text
    assert text == sgftidy.normalize(text)
    assert [g.info.result for g in sgftidy.read(text)] == \
        [g.info.result for g in sgftidy.read(ALL)]


def test_package_page(games):
    for code in blocks(PAGE):
        run(code)
