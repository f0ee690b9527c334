"""`python -m monopoly_tui` runs the same command as `monopoly-tui`."""

import sys

from .cli import main

sys.exit(main())
