"""Built-in experiments: published tables reproduced with the engine.

One module per experiment; each builds an :class:`~searchlab.experiments.Experiment`
from its options and turns the stored records into its own table.
``aima-3.29``: :mod:`.aima`.
"""
