"""``python -m tests.golden [--update]``: see tests/golden/__init__.py."""

import sys

from tests.golden import main

sys.exit(main())
