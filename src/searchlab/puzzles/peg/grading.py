"""The course assignment this family marks with ``searchlab grade``: a moves assignment
named after the family, a program's solution for a random board replayed against the
family (:mod:`searchlab.families.grading`)."""

from __future__ import annotations

from searchlab.families.grading import Assignment
from searchlab.puzzles import folder_name

ASSIGNMENTS = (Assignment(folder_name(__name__), 3),)
