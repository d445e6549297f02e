"""Teaching: exercises with worked solutions, printable sheets, grading the assignments.

The experiments-level package behind ``searchlab exercise``, ``searchlab grade``,
``searchlab check`` and the web player's ``/practice`` page:

- :mod:`.graphs` small random weighted graphs like the textbook's, as engine problems;
- :mod:`.trace` an engine search replayed as a table of steps (the worked solution);
- :mod:`.exercises` the questions, their answers and the marking of typed answers;
- :mod:`.sheet` a printable sheet and its answer key (HTML);
- :mod:`.sandbox` running a student's program within limits;
- :mod:`.grading` the five course assignments, marked on hidden random instances.

It imports the engine, the view layer and the family registry, never a family by name:
the assignments are declared in the families' folders (:mod:`searchlab.families.grading`).
"""
