"""The Tower of Hanoi: a classic first assignment of AI courses, as one folder.

Three pegs, ``n`` disks; move one top disk at a time, never onto a smaller one, until
every disk sits on the goal peg. ``FAMILY`` (in :mod:`.family`) is what every surface
uses; the recursion of :mod:`.solver` is optimal from any position, and
:class:`~.problem.HanoiProblem` lets every engine algorithm search the ``3**n``
positions.

>>> from searchlab import families
>>> hanoi = families.get("hanoi")
>>> result = hanoi.run(hanoi.read("disks: 3"))
>>> result.status, result.cost, result.actions[:3]
('solved', 7, ['A>C', 'A>B', 'C>B'])
"""
