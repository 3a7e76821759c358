"""Test-suite settings shared by every test module.

Hypothesis runs derandomized by default, so that ``make test`` (and CI) gives the same
result on every run; ``pytest --hypothesis-profile=explore`` searches with fresh random
examples, which is how new counterexamples are found (then pinned with ``@example``).
"""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("default", derandomize=True)
settings.register_profile("explore", derandomize=False, max_examples=500)
settings.load_profile("default")
