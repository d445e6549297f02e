"""The parameters a family reads from a request or a command line, checked: a number in
its range (:func:`float_param`, :func:`int_param`: text, NaN, infinities and values
out of range are one-line :class:`~searchlab.errors.InputError`), a generator seed
(:func:`seed_param`) and a ``WxH`` size (:func:`parse_wxh`).

Light on purpose (the standard library, the errors and the messages): the contract
checks a generator's parameters with it, and the contract loads at every start.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from searchlab.errors import InputError
from searchlab.i18n import _


def float_param(
    params: Mapping[str, Any], name: str, default: float, lo: float, hi: float
) -> float:
    """A numeric parameter in [lo, hi]; a missing one is ``default``; anything else
    (text, NaN, infinities, out of range) is a one-line InputError naming it."""
    raw = params.get(name, default)
    if isinstance(raw, bool):
        raise InputError(_("{name} must be a number, got {raw!r}").format(name=name, raw=raw))
    try:
        value = float(raw)
    except (TypeError, ValueError, OverflowError):
        raise InputError(
            _("{name} must be a number, got {value!r}").format(name=name, value=str(raw)[:40])
        ) from None
    if not math.isfinite(value):
        raise InputError(
            _("{name} must be a finite number, got {value}").format(name=name, value=value)
        )
    if not lo <= value <= hi:
        raise InputError(
            _("{name} must be between {lo:g} and {hi:g}, got {value:g}").format(
                name=name, lo=lo, hi=hi, value=value
            )
        )
    return value


def int_param(params: Mapping[str, Any], name: str, default: int, lo: int, hi: int) -> int:
    """An integer parameter in [lo, hi] (see :func:`float_param`); the range is said
    in whole numbers (``2**63-1``, not ``9.22337e+18``)."""
    value = float_param(params, name, default, -math.inf, math.inf)
    if value != int(value):
        raise InputError(
            _("{name} must be an integer, got {value:g}").format(name=name, value=value)
        )
    if not lo <= value <= hi:
        raise InputError(
            _("{name} must be an integer from {lo} to {hi}, got {value}").format(
                name=name, lo=lo, hi=hi, value=f"{value:g}"
            )
        )
    return int(value)


SEED_MAX = 2**63 - 1


def seed_param(seed: Any) -> int | None:
    """A generator seed: ``None`` or an integer in [0, 2**63-1], else an InputError."""
    if seed is None:
        return None
    return int_param({"seed": seed}, "seed", 0, 0, SEED_MAX)


def parse_wxh(text: str, option: str, lo: int, hi: int) -> tuple[int, int]:
    """``"WxH"`` as (width, height), each in [lo, hi], or a one-line error naming ``option``."""
    m = re.fullmatch(r"\s*(\d{1,9})\s*[xX×]\s*(\d{1,9})\s*", text)
    if not m:
        raise InputError(
            _("{option} expects WxH such as 6x6, got {text!r}").format(
                option=option, text=text[:40]
            )
        )
    w, h = int(m[1]), int(m[2])
    if not (lo <= w <= hi and lo <= h <= hi):
        raise InputError(
            _("{option} {w}x{h}: sizes from {lo}x{lo} to {hi}x{hi} are supported").format(
                option=option, w=w, h=h, lo=lo, hi=hi
            )
        )
    return w, h
