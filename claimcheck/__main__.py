"""``python -m claimcheck``: the same as the ``claimcheck`` command."""

import sys

from claimcheck.cli import main

sys.exit(main())
