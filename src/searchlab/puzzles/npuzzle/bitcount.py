"""The processor's population count for compiled kernels (LLVM's ``llvm.ctpop``).

Why: the zero-aware entry (:func:`~.kernel._zentry`) counts the set bits below a cell
twice a tile; a table of 65,536 popcounts (64 KB, twice the level-1 data cache) costs two
reads a count, the instruction one cycle. Measured on the 24-puzzle's zero-aware search
(#40, #38, #44 with the catalogue ``s1,s1+r,s4+r,s6``, the same nodes): 126.6 CPU s
against 132.3 with the table, about 4% less, in alternating runs (docs/npuzzle.md). Every
rank of the compiled kernels counts so since (:func:`~.kernel._rank`, the ranked build's
level pass).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from numba import types
from numba.extending import intrinsic


@intrinsic
def _ctpop(typingctx: Any, x: Any) -> Any:
    """The compiled popcount of an integer of at most 64 bits, as a 64-bit integer."""
    if not isinstance(x, types.Integer) or getattr(x, "bitwidth", 65) > 64:
        return None
    sig = types.int64(x)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        i64 = context.get_value_type(types.int64)
        v = args[0]
        if v.type.width < 64:
            v = builder.zext(v, i64)
        fn = builder.module.declare_intrinsic("llvm.ctpop", [i64])
        return builder.call(fn, [v])

    return sig, codegen


if TYPE_CHECKING:
    import numpy as np

    def popcount(x: int | np.integer[Any]) -> int:
        """``popcount(x)``: the number of set bits of the non-negative integer ``x`` (at
        most 64 bits), in compiled code."""
        ...

else:
    popcount = _ctpop
