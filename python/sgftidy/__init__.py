"""sgftidy: check, normalize, read and write SGF game records through
libsgftidy (ctypes; the library is found through SGFTIDY_LIBRARY, then
ctypes.util.find_library("sgftidy"), then its soname)."""

from ._lib import lib as _lib
from ._run import OPTION_NAMES, Diagnostic, Error, check, normalize
from ._tree import (Date, Game, GameInfo, Node, Rank, Result, parse_dates,
                    parse_handicap, parse_komi, parse_rank, parse_result,
                    parse_size, read, to_sgf, write)

__version__ = _lib.sgft_version().decode()

__all__ = ["check", "normalize", "read", "write", "to_sgf", "Diagnostic",
           "Error", "Game", "GameInfo", "Node", "Result", "Rank", "Date",
           "parse_result", "parse_rank", "parse_komi", "parse_handicap",
           "parse_size", "parse_dates", "OPTION_NAMES"]
