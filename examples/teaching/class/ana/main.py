"""Ana's submission: right (for this demonstration it runs the reference program)."""

import os

os.execvp("puzzle3x3heuristics", ["puzzle3x3heuristics"])
