"""Instance sources: a family's random generator at given parameters, or files.

Generated instances are described by an :class:`InstanceRequest` (family,
parameter, index, base seed) whose seed and id are derived deterministically,
so the same request always yields the same instance: asking for 100 instances
after 10 reuses the first 10 (and their stored results). Generation can be
costly (an instance of an exact optimal depth needs a search), so requests
are plain picklable values that the runner fulfils in its worker pool.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from searchlab import families
from searchlab.errors import InputError
from searchlab.i18n import _
from searchlab.records.runs import Instance


@dataclass(frozen=True, slots=True)
class InstanceRequest:
    """The ``index``-th random instance of ``family`` at ``parameter`` for ``seed``."""

    family: str
    parameter: int
    index: int
    seed: int = 0

    @property
    def id(self) -> str:
        name = families.get(self.family).parameter_name
        return f"{name}={self.parameter}/seed={self.seed}/{self.index}"

    @property
    def derived_seed(self) -> int:
        """A 63-bit seed mixing the base seed, the parameter and the index."""
        text = f"{self.family}:{self.parameter}:{self.index}:{self.seed}".encode()
        return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


def generate_instance(request: InstanceRequest) -> Instance:
    """Run the family's generator for ``request`` (a module-level function, so it
    can be shipped to worker processes)."""
    family = families.get(request.family)
    sampling = family.sampling
    if sampling is None:
        raise InputError(
            _("the {family} family has no random instance generator").format(family=family.name)
        )
    data = sampling.sample(request.parameter, request.derived_seed)
    return Instance(
        family=family.name,
        id=request.id,
        group=request.parameter,
        data=data,
        optimal=float(request.parameter) if sampling.exact else None,
        index=request.index,
    )


MAX_INSTANCES = 100_000
"""The most generated instances one experiment asks for (values x instances per value)."""


def generated_requests(
    family: str, parameters: list[int], count: int, seed: int = 0
) -> list[InstanceRequest]:
    """``count`` requests per parameter, parameter-major; at most :data:`MAX_INSTANCES`
    in all (counted before any is made, so a huge ``count`` fails at once)."""
    if count < 1:
        raise InputError(_("the number of instances must be at least 1"))
    if count * max(1, len(parameters)) > MAX_INSTANCES:
        message = _("at most {limit} instances per experiment: {count} per value x {values} values")
        raise InputError(
            message.format(limit=f"{MAX_INSTANCES:,}", count=f"{count:,}", values=len(parameters))
        )
    sampling = families.get(family).sampling
    unreachable = sampling.unreachable if sampling is not None else None
    if unreachable is not None:  # a range past the hardest instance fails before any work
        for p in parameters:
            reason = unreachable(p)
            if reason:
                raise InputError(reason)
    return [InstanceRequest(family, p, i, seed) for p in parameters for i in range(count)]


def file_instances(family: str, texts: list[tuple[str, str]]) -> list[Instance]:
    """Instances from ``(path, text)`` pairs, checked by the family's parser and stored
    in its own format; each file is its own group. (Reading the files is the caller's
    business: the CLI reads them with its size and encoding checks.)"""
    fam = families.get(family)
    out = []
    for index, (path, text) in enumerate(texts):
        try:
            data = fam.format(fam.read(text))
        except InputError as exc:
            raise InputError(_("{path}: {exc}").format(path=path, exc=exc)) from None
        digest = hashlib.sha256(text.encode()).hexdigest()[:12]
        out.append(
            Instance(
                fam.name, f"file={Path(path).name}/{digest}", Path(path).name, data, index=index
            )
        )
    return out


MAX_RANGE_VALUES = 1000
"""The most values a range may give (checked before any list is built)."""


def parse_range(text: str, *, name: str = "range", minimum: int = 0, step: int = 1) -> list[int]:
    """Integers from ``"8"``, ``"2-24"`` (default ``step``), ``"2-24:2"`` or ``"2,4,10-12"``;
    at most :data:`MAX_RANGE_VALUES` of them, counted before they are made."""
    values: list[int] = []
    if len(text) > 200:
        raise InputError(_("{name}: a range is at most 200 characters").format(name=name))
    for part in text.split(","):
        m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*(?::\s*(\d+)\s*)?)?", part)
        if not m:
            raise InputError(
                _("{name}: expected numbers such as 8, 2-24 or 2-24:2, got {text!r}").format(
                    name=name, text=text[:40]
                )
            )
        lo = int(m[1])
        hi = int(m[2]) if m[2] else lo
        by = int(m[3]) if m[3] else step
        if hi < lo or by < 1:
            raise InputError(
                _("{name}: empty range {part!r}").format(name=name, part=part.strip()[:40])
            )
        if len(values) + len(range(lo, hi + 1, by)) > MAX_RANGE_VALUES:
            raise InputError(
                _("{name}: more than {max_range_values} values in {text!r}").format(
                    name=name, max_range_values=MAX_RANGE_VALUES, text=text[:40]
                )
            )
        values.extend(range(lo, hi + 1, by))
    if any(v < minimum for v in values):
        raise InputError(
            _("{name}: values must be at least {minimum}").format(name=name, minimum=minimum)
        )
    return sorted(set(values))
