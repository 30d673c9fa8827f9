"""Game trees as Python objects: reading a collection one game at a
time, the game-info typed, the main line, and writing back."""

from __future__ import annotations

import ctypes
import os
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, NamedTuple, Optional, Union

from ._lib import DATE_FN, Date as _CDate, Rank as _CRank, \
    Result as _CResult, lib, libc
from ._run import Context, Error, Source, _normal_form, \
    _refuse_for_text, error_of, fspath, is_path

_WINNERS = ("unknown", "black", "white", "none")
_KINDS = ("unknown", "score", "resign", "time", "forfeit", "draw", "void")
_RANKS = ("unknown", "kyu", "dan", "pro")
_STATES = ("none", "created", "changed", "unchanged", "streamed")


def _text(b: bytes) -> str:
    return b.decode("utf-8", "surrogateescape")


def _bytes(s: str) -> bytes:
    return s.encode("utf-8", "surrogateescape")


class Node:
    """A node: props maps a property id ("B", "C") to its values as text
    (escapes resolved); children are the nodes that follow it, the first
    one the main line."""

    __slots__ = ("props", "children", "_raw")

    def __init__(self, props: Optional[dict[str, list[str]]] = None,
                 children: Optional[list["Node"]] = None) -> None:
        self.props: dict[str, list[str]] = props if props is not None else {}
        self.children: list[Node] = children if children is not None else []
        # The values as read, SGF text with its escapes, by property id:
        # written back as they were while the property is unchanged.
        self._raw: dict[str, tuple[list[str], list[bytes]]] = {}

    def __repr__(self) -> str:
        return f"Node({self.props!r}, {len(self.children)} children)"


class Result(NamedTuple):
    """RE: winner 'black', 'white', 'none' (a draw, no game) or
    'unknown'; kind 'score', 'resign', 'time', 'forfeit', 'draw', 'void'
    or 'unknown'; margin the score (None without one)."""

    winner: str
    kind: str
    margin: Optional[float]


class Rank(NamedTuple):
    """BR, WR: number and kind 'kyu', 'dan' or 'pro'; '?' uncertain,
    '*' established."""

    number: int
    kind: str
    uncertain: bool
    established: bool


class Date(NamedTuple):
    """One date of DT; month and day 0 when the value gives none."""

    year: int
    month: int
    day: int


@dataclass(frozen=True)
class GameInfo:
    """The game-info of a game, each from the first node of the main line
    that has it (SZ from the root), read as the checks read it: None
    where a value is missing or cannot be read."""

    black: Optional[str] = None
    white: Optional[str] = None
    black_rank: Optional[Rank] = None
    white_rank: Optional[Rank] = None
    result: Optional[Result] = None
    komi: Optional[float] = None
    handicap: Optional[int] = None
    size: tuple[int, int] = (19, 19)
    dates: list[Date] = field(default_factory=list)


def parse_result(text: str) -> Optional[Result]:
    """RE[text] typed, or None when it cannot be read."""
    b = _bytes(text)
    r = _CResult()
    if lib.sgft_result_parse(b, len(b), ctypes.byref(r)) < 0:
        return None
    return Result(_WINNERS[r.winner], _KINDS[r.kind],
                  r.margin if r.has_margin else None)


def parse_rank(text: str) -> Optional[Rank]:
    b = _bytes(text)
    r = _CRank()
    if lib.sgft_rank_parse(b, len(b), ctypes.byref(r)) < 0:
        return None
    return Rank(r.number, _RANKS[r.kind], bool(r.uncertain),
                bool(r.established))


def parse_komi(text: str) -> Optional[float]:
    b = _bytes(text)
    k = ctypes.c_double()
    if lib.sgft_komi_parse(b, len(b), ctypes.byref(k)) < 0:
        return None
    return k.value


def parse_handicap(text: str) -> Optional[int]:
    b = _bytes(text)
    h = ctypes.c_int()
    if lib.sgft_handicap_parse(b, len(b), ctypes.byref(h)) < 0:
        return None
    return h.value


def parse_size(text: str) -> Optional[tuple[int, int]]:
    b = _bytes(text)
    c, r = ctypes.c_int(), ctypes.c_int()
    if lib.sgft_size_parse(b, len(b), ctypes.byref(c), ctypes.byref(r)) < 0:
        return None
    return (c.value, r.value)


def parse_dates(text: str) -> Optional[list[Date]]:
    b = _bytes(text)
    got: list[Date] = []

    def one(_userdata: Any, d: Any) -> bool:
        got.append(Date(d.contents.year, d.contents.month, d.contents.day))
        return True

    fn = DATE_FN(one)
    if lib.sgft_dates_parse(b, len(b), fn, None) < 0:
        return None
    return got


def _point(value: str, cols: int, rows: int) -> Optional[tuple[int, int]]:
    def coord(c: str) -> int:
        if "a" <= c <= "z":
            return ord(c) - ord("a")
        if "A" <= c <= "Z":
            return ord(c) - ord("A") + 26
        return -1
    if len(value) != 2:
        raise ValueError(value)
    x, y = coord(value[0]), coord(value[1])
    if not (0 <= x < cols and 0 <= y < rows):
        raise ValueError(value)
    return (x, y)


class Game:
    """One game tree of a collection: its root node, and the messages of
    its reading and check (diagnostics)."""

    def __init__(self, root: Node, index: int = 1,
                 diagnostics: Optional[list[Any]] = None) -> None:
        self.root = root
        self.index = index
        self.diagnostics = diagnostics if diagnostics is not None else []

    def __repr__(self) -> str:
        return f"<sgftidy.Game {self.index}>"

    def main_line(self) -> Iterator[Node]:
        """The root, then each first child."""
        node: Optional[Node] = self.root
        while node is not None:
            yield node
            node = node.children[0] if node.children else None

    def nodes(self) -> Iterator[Node]:
        """Every node, in the order of the text (parents first)."""
        stack = [self.root]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    @property
    def info(self) -> GameInfo:
        """The game-info as the values are now."""
        want = ("PB", "PW", "BR", "WR", "RE", "KM", "HA", "DT")
        first: dict[str, str] = {}
        for node in self.main_line():
            for pid in want:
                if pid not in first and node.props.get(pid):
                    first[pid] = node.props[pid][0]
            if len(first) == len(want):
                break
        size = None
        if self.root.props.get("SZ"):
            size = parse_size(self.root.props["SZ"][0])

        def typed(pid: str, fn: Any) -> Any:
            return fn(first[pid]) if pid in first else None
        return GameInfo(
            black=first.get("PB"), white=first.get("PW"),
            black_rank=typed("BR", parse_rank),
            white_rank=typed("WR", parse_rank),
            result=typed("RE", parse_result),
            komi=typed("KM", parse_komi),
            handicap=typed("HA", parse_handicap),
            size=size or (19, 19),
            dates=typed("DT", parse_dates) or [])

    def moves(self) -> list[tuple[str, Optional[tuple[int, int]]]]:
        """The moves of the main line: (color, (x, y)) with x the column
        and y the row from 0, or (color, None) for a pass; a value that
        is no point of the board is left out."""
        cols, rows = self.info.size
        out: list[tuple[str, Optional[tuple[int, int]]]] = []
        for node in self.main_line():
            for color in ("B", "W"):
                values = node.props.get(color)
                if not values:
                    continue
                v = values[0]
                if v == "" or (v == "tt" and cols <= 19 and rows <= 19):
                    out.append((color, None))
                else:
                    try:
                        out.append((color, _point(v, cols, rows)))
                    except ValueError:
                        pass
                break
        return out


def _string(ptr: Optional[int], length: Optional[int] = None) -> bytes:
    if not ptr:
        return b""
    return ctypes.string_at(ptr) if length is None \
        else ctypes.string_at(ptr, length)


def _copy_props(ctx: Any, cnode: int, node: Node) -> None:
    prop = lib.sgft_node_props(cnode)
    n = ctypes.c_size_t()
    while prop:
        pid = lib.sgft_prop_id(prop).decode("ascii")
        texts, raws = node._raw.setdefault(pid, ([], []))
        value = lib.sgft_prop_values(prop)
        while value:
            t = lib.sgft_value_text(ctx, value, False)
            if not t:
                raise MemoryError()
            try:
                texts.append(_text(ctypes.string_at(t)))
            finally:
                libc.free(t)
            raws.append(_string(lib.sgft_value_raw(ctx, value,
                                                   ctypes.byref(n)), n.value))
            value = lib.sgft_value_next(value)
        prop = lib.sgft_prop_next(prop)
    for pid, (texts, _) in node._raw.items():
        node.props[pid] = list(texts)


def _copy_tree(ctx: Any, tree: int) -> Node:
    croot = lib.sgft_tree_root(tree)
    root = Node()
    if not croot:
        return root
    stack = [(croot, root)]
    while stack:
        cnode, node = stack.pop()
        _copy_props(ctx, cnode, node)
        child = lib.sgft_node_child(cnode)
        while child:
            kid = Node()
            node.children.append(kid)
            stack.append((child, kid))
            child = lib.sgft_node_next(child)
    return root


def read(source: Source, check: bool = True, **options: Any) -> Iterator[Game]:
    """The game trees of source (a path or bytes), one at a time, each
    checked and repaired as sgftidy does (check=False: as parsed, syntax
    repaired only) and copied into Python objects that stay valid."""
    _refuse_for_text("read", options)
    ctx = Context(options)
    keep: Optional[ctypes.Array[ctypes.c_char]] = None
    try:
        if is_path(source):
            path = fspath(source)
            reader = lib.sgft_reader_open(ctx.ctx, os.fsencode(path))
            if not reader:
                err = ctypes.get_errno()
                raise OSError(err, os.strerror(err), path)
        elif isinstance(source, (bytes, bytearray, memoryview)):
            data = bytes(source)
            keep = ctypes.create_string_buffer(data, len(data))
            reader = lib.sgft_reader_memory(ctx.ctx, keep, len(data))
            if not reader:
                raise MemoryError()
        else:
            raise TypeError("source: a path (str or os.PathLike) or bytes, "
                            f"not {type(source).__name__}")
        try:
            tree = ctypes.c_void_p()
            while True:
                status = lib.sgft_reader_next(reader, ctypes.byref(tree))
                if status < 0:
                    ctx.fault(status)
                if status == 0:
                    if any(d.severity == "fatal" for d in ctx.diagnostics):
                        raise error_of(ctx.diagnostics)
                    return
                if check:
                    status = lib.sgft_tree_check(ctx.ctx, tree)
                    if status < 0:
                        ctx.fault(status)
                game = Game(_copy_tree(ctx.ctx, tree),
                            lib.sgft_tree_index(tree), ctx.take())
                yield game
        finally:
            lib.sgft_reader_free(reader)
    finally:
        ctx.close()
        del keep


def _escape(value: str) -> bytes:
    return _bytes(value).replace(b"\\", b"\\\\").replace(b"]", b"\\]")


def _props_text(node: Node) -> bytes:
    out = []
    for pid, values in node.props.items():
        out.append(pid.encode("ascii"))
        raw = node._raw.get(pid)
        if raw is not None and raw[0] == values:
            parts = raw[1]
        else:
            parts = [_escape(v) for v in values]
        for p in parts or [b""]:
            out.append(b"[" + p + b"]")
    return b"".join(out)


def to_sgf(games: Union[Game, Iterable[Game]]) -> bytes:
    """The games as SGF text (UTF-8), as they are: not normalized."""
    if isinstance(games, Game):
        games = [games]
    out: list[bytes] = []
    for game in games:
        out.append(b"(")
        stack: list[Union[Node, bytes]] = [game.root]
        while stack:
            item = stack.pop()
            if isinstance(item, bytes):
                out.append(item)
                continue
            out.append(b";" + _props_text(item))
            kids = item.children
            if len(kids) == 1:
                stack.append(kids[0])
            else:
                for kid in reversed(kids):
                    stack.extend((b")", kid, b"("))
        out.append(b")\n")
    return b"".join(out)


def _output_error(ctx: Context, status: int) -> Error:
    # The open and the commit report their one fault (26, 27, 105, 5).
    if ctx.diagnostics:
        d = ctx.diagnostics[-1]
        return Error(d.number, d.text, ctx.diagnostics)
    return error_of(ctx.diagnostics, status)


def write(games: Union[Game, Iterable[Game]], path: Union[str, "os.PathLike[str]"],
          **options: Any) -> str:
    """Writes the games to path in the normal form, as sgftidy
    --in-place writes: a temporary file renamed over path when complete
    (mode kept, a symbolic link followed, a file with several hard links
    refused: Error 105).  Returns 'created', 'changed' or 'unchanged'."""
    _refuse_for_text("write", options)
    text = to_sgf(games)
    target = fspath(path)
    options.setdefault("encoding", "UTF-8")
    with Context(options) as ctx:
        data = _normal_form(ctx, text, options)
        ctx.take()
        out = lib.sgft_output_open(ctx.ctx, os.fsencode(target))
        if not out:
            raise _output_error(ctx, -4)
        if lib.sgft_output_write(out, data, len(data)) < 0:
            pass  # reported by the commit, which fails
        state = ctypes.c_int()
        if lib.sgft_output_commit(out, ctypes.byref(state)) < 0:
            raise _output_error(ctx, -3)
        return _STATES[state.value] if 0 <= state.value < 5 else "none"


__all__ = ["Node", "Game", "GameInfo", "Result", "Rank", "Date", "read",
           "write", "to_sgf", "parse_result", "parse_rank", "parse_komi",
           "parse_handicap", "parse_size", "parse_dates", "Error"]
