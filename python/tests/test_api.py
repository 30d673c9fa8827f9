"""The package against the library of the build: exact messages, exact
normal form, reading, the typed game-info, deep lines, writing back."""

import os
import sys

import pytest

import sgftidy
from sgftidy import Diagnostic

SAMPLE = b"(;FF[4]GM[1]SZ[19]XY[1]C[hi];B[aa]C[a]C[b];W[tt])\n"
SAMPLE_DIAGS = [
    Diagnostic(35, "warning", 1, 19, "UNKNOWN_PROP",
               "unknown property <XY> kept", False),
    Diagnostic(28, "error", 1, 39, "DUPLICATE_PROP",
               "property <C> given twice in one node: texts joined", False),
    Diagnostic(138, "info", 1, 45, "PASS_REWRITTEN",
               "<W> pass [tt] written as []", False),
]


def test_check_file(tmp_path):
    path = tmp_path / "a.sgf"
    path.write_bytes(SAMPLE)
    assert sgftidy.check(path) == SAMPLE_DIAGS
    assert sgftidy.check(str(path)) == SAMPLE_DIAGS
    assert path.read_bytes() == SAMPLE  # a check writes nothing


def test_check_bytes():
    assert sgftidy.check(SAMPLE) == SAMPLE_DIAGS
    assert sgftidy.check(bytearray(SAMPLE)) == SAMPLE_DIAGS


def test_check_options():
    assert sgftidy.check(SAMPLE, mute=[35]) == SAMPLE_DIAGS[1:]
    assert sgftidy.check(SAMPLE, mute="unknown_prop") == SAMPLE_DIAGS[1:]
    assert sgftidy.check(SAMPLE, disable=[35, 138]) == SAMPLE_DIAGS[1:2]
    assert sgftidy.check(SAMPLE, no_warnings=True) == [SAMPLE_DIAGS[0 + 1],
                                                       SAMPLE_DIAGS[2]]
    strict = sgftidy.check(SAMPLE, strict=True)
    assert [d.number for d in strict] == [35, 28, 138]


def test_check_critical_and_fatal():
    assert sgftidy.check(b"(;FF[4]C[a") == [
        Diagnostic(10, "error", 1, 9, "UNEXPECTED_EOF",
                   "unexpected end of file inside a value", True)]
    assert sgftidy.check(b"hello") == [
        Diagnostic(7, "fatal", None, None, "NO_SGF_DATA",
                   "no SGF data found", False)]


def test_normalize():
    assert sgftidy.normalize(SAMPLE) == \
        b"(;FF[4]CA[UTF-8]GM[1]SZ[19]C[hi]XY[1];B[aa]C[a\n\nb];W[])\n"
    assert sgftidy.normalize(SAMPLE, delete_unknown=True, mute=[35]) == \
        b"(;FF[4]CA[UTF-8]GM[1]SZ[19]C[hi];B[aa]C[a\n\nb];W[])\n"
    assert sgftidy.normalize(b"(;SZ[19];B[aa](;W[bb])(;W[cc]))") == \
        b"(;FF[4]CA[UTF-8]GM[1]SZ[19];B[aa]\n(;W[bb])\n(;W[cc]))\n"
    # Latin-1 in, UTF-8 out.
    assert sgftidy.normalize(b"(;CA[ISO-8859-1]C[caf\xe9])") == \
        "(;FF[4]CA[UTF-8]GM[1]C[café])\n".encode()


def test_normalize_file(tmp_path):
    path = tmp_path / "a.sgf"
    path.write_bytes(SAMPLE)
    assert sgftidy.normalize(path) == sgftidy.normalize(SAMPLE)


def test_errors(tmp_path):
    with pytest.raises(sgftidy.Error) as e:
        sgftidy.normalize(b"hello")
    assert (e.value.number, e.value.text) == (7, "no SGF data found")
    with pytest.raises(sgftidy.Error) as e:
        sgftidy.normalize(b"(;FF[4]C[a")
    assert (e.value.number, e.value.text) == \
        (10, "unexpected end of file inside a value")
    assert sgftidy.normalize(b"(;FF[4]C[a", write_critical=True) == \
        b"(;FF[4]CA[UTF-8]GM[1]C[a])\n"
    missing = tmp_path / "missing.sgf"
    for call in (sgftidy.check, sgftidy.normalize,
                 lambda p: list(sgftidy.read(p))):
        with pytest.raises(FileNotFoundError) as e:
            call(missing)
        assert e.value.filename == str(missing)
        with pytest.raises(IsADirectoryError):
            call(tmp_path)
    with pytest.raises(TypeError) as e:
        sgftidy.check(SAMPLE, fail_on="error")
    assert str(e.value).startswith("unknown option 'fail_on'; valid "
                                   "options: default_encoding, delete, ")
    with pytest.raises(TypeError):
        sgftidy.check(SAMPLE, strict=1)
    with pytest.raises(TypeError):
        sgftidy.normalize(SAMPLE, split=True)
    with pytest.raises(ValueError):
        sgftidy.check(SAMPLE, width=5)
    with pytest.raises(ValueError):
        sgftidy.check(SAMPLE, mute=["NO_SUCH_KEY"])
    with pytest.raises(ValueError):
        sgftidy.check(SAMPLE, delete=["XYZZY"])
    with pytest.raises(TypeError):
        sgftidy.check(12)


COLLECTION = (b"(;FF[4]GM[1]SZ[19]PB[Honinbo Shusaku]PW[Gennan Inseki]"
              b"BR[4d]WR[8d]RE[B+2]KM[0]DT[1846-09-11,12];B[qd];W[dc];B[pq])"
              b"(;GM[1]SZ[13]PB[Ann]PW[Bob]RE[B+R]HA[2]AB[dd][jj];W[gg];B[])"
              b"(;GM[1]PB[Ann]PW[Cy]RE[B+Resign]C[first];B[aa]C[x\\]y]"
              b"(;W[bb])(;W[cc]C[side]))\n")


def test_read_collection():
    games = list(sgftidy.read(COLLECTION))
    assert [g.index for g in games] == [1, 2, 3]
    one, two, three = games
    assert one.root.props["PB"] == ["Honinbo Shusaku"]
    assert one.moves() == [("B", (16, 3)), ("W", (3, 2)), ("B", (15, 16))]
    info = one.info
    assert (info.black, info.white) == ("Honinbo Shusaku", "Gennan Inseki")
    assert info.black_rank == sgftidy.Rank(4, "dan", False, False)
    assert info.result == sgftidy.Result("black", "score", 2.0)
    assert info.komi == 0.0 and info.handicap is None
    assert info.size == (19, 19)
    assert info.dates == [sgftidy.Date(1846, 9, 11),
                          sgftidy.Date(1846, 9, 12)]
    assert two.info.size == (13, 13) and two.info.handicap == 2
    assert two.moves() == [("W", (6, 6)), ("B", None)]
    assert three.moves() == [("B", (0, 0)), ("W", (1, 1))]
    assert three.root.children[0].props["C"] == ["x]y"]
    assert [n.props.get("C") for n in three.nodes()] == \
        [["first"], ["x]y"], None, ["side"]]


def test_result_resign_spellings():
    games = list(sgftidy.read(COLLECTION))
    assert games[1].info.result == games[2].info.result == \
        sgftidy.Result("black", "resign", None)
    assert sgftidy.parse_result("B+R") == sgftidy.parse_result("B+Resign")
    assert sgftidy.parse_result("b+r") == sgftidy.parse_result("B+R")
    assert sgftidy.parse_result("nonsense") is None


def test_games_stay_valid():
    reader = sgftidy.read(COLLECTION)
    first = next(reader)
    second = next(reader)
    rest = list(reader)
    assert first.root.props["PW"] == ["Gennan Inseki"]
    assert second.root.props["PW"] == ["Bob"] and len(rest) == 1


def test_deep_main_line():
    moves = 100000
    data = b"(;FF[4]CA[UTF-8]GM[1]SZ[19]" + b"".join(
        b";B[]" if i % 2 == 0 else b";W[]" for i in range(moves)) + b")\n"
    limit = sys.getrecursionlimit()
    game, = sgftidy.read(data)
    assert len(game.moves()) == moves
    assert sum(1 for _ in game.nodes()) == moves + 1
    text = sgftidy.to_sgf(game)
    assert text.count(b";") == moves + 1
    assert sgftidy.normalize(text).count(b";") == moves + 1
    assert sys.getrecursionlimit() == limit


def test_delete_comments_write_back(tmp_path):
    path = tmp_path / "games.sgf"
    path.write_bytes(COLLECTION)
    os.chmod(path, 0o640)
    link = tmp_path / "link.sgf"
    link.symlink_to(path.name)
    games = list(sgftidy.read(link))
    for game in games:
        for n in game.nodes():
            n.props.pop("C", None)
    assert sgftidy.write(games, link) == "changed"
    assert link.is_symlink()
    assert os.stat(path).st_mode & 0o7777 == 0o640
    out = path.read_bytes()
    assert b"C[" not in out
    assert out == sgftidy.normalize(out)
    assert [g.info.result for g in sgftidy.read(path)] == \
        [g.info.result for g in games]
    assert sgftidy.write(games, path) == "unchanged"
    assert sgftidy.write(games[0], tmp_path / "new.sgf") == "created"
    assert (tmp_path / "new.sgf").read_bytes() == \
        b"(;FF[4]CA[UTF-8]GM[1]SZ[19]\nPB[Honinbo Shusaku]\nBR[4d]\n" \
        b"PW[Gennan Inseki]\nWR[8d]\nKM[0]\nDT[1846-09-11,12]\nRE[B+2]\n" \
        b";B[qd];W[dc];B[pq])\n"


def test_write_hard_link_refused(tmp_path):
    path = tmp_path / "a.sgf"
    path.write_bytes(COLLECTION)
    os.link(path, tmp_path / "b.sgf")
    games = list(sgftidy.read(path))
    games[0].root.props["C"] = ["new"]
    with pytest.raises(sgftidy.Error) as e:
        sgftidy.write(games, path)
    assert e.value.number == 105
    assert e.value.text == "output file has several hard links and is " \
        f"not rewritten: {path} (2 names)"
    assert path.read_bytes() == COLLECTION
    assert os.stat(path).st_nlink == 2
    assert (tmp_path / "b.sgf").read_bytes() == COLLECTION


def test_edit_escapes(tmp_path):
    game, = sgftidy.read(b"(;GM[1]C[a\\\\b];B[aa])")
    assert game.root.props["C"] == ["a\\b"]
    game.root.props["C"] = ["back\\slash ] bracket"]
    game.root.children[0].props["N"] = ["é"]
    assert sgftidy.to_sgf(game) == \
        b"(;GM[1]C[back\\\\slash \\] bracket]FF[4]CA[UTF-8];B[aa]" \
        b"N[\xc3\xa9])\n"
    game2, = sgftidy.read(sgftidy.to_sgf(game))
    assert game2.root.props["C"] == ["back\\slash ] bracket"]
    assert game2.root.children[0].props["N"] == ["é"]
