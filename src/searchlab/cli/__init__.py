"""The ``searchlab`` command-line interface."""

import gc


def run() -> None:
    """The ``searchlab`` program (and ``python -m searchlab``): :func:`main.main
    <searchlab.cli.main.main>` with ``sys.argv``, its status the exit status
    (:func:`~searchlab.cli.exits.exit_with_status`: a late Ctrl-C cannot change it).

    Click and the command's modules load with the cyclic garbage collector paused: they
    create tens of thousands of objects, none of them garbage, and each collection an
    import triggers walked them all again (a tenth of a quick solve's start-up). They
    live as long as the process, so they are then frozen out of the collector's reach
    (:func:`gc.freeze`) and the collector resumes for the command's own work.
    """
    gc.disable()
    try:
        from searchlab.cli.exits import exit_with_status
        from searchlab.cli.main import main
    finally:
        gc.freeze()
        gc.enable()
    exit_with_status(main)
