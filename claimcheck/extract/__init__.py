"""The extract stage: quantities, claims and derived figures from a Document.

``claimcheck.extract(text)`` is the public API function, and this subpackage
has the same name; Python binds ``claimcheck.extract`` to the subpackage once
it is imported, so the subpackage module itself is made callable and forwards
to :func:`claimcheck.api.extract`.
"""

from __future__ import annotations

import sys
import types


class _CallableModule(types.ModuleType):
    def __call__(self, source, name: str = "<text>"):  # noqa: ANN001, ANN204
        """Facts only, no rules: text as a ``str``, or a file as a ``pathlib.Path``."""
        from claimcheck.api import extract

        return extract(source, name)


sys.modules[__name__].__class__ = _CallableModule
