"""The rules stage: rule files, the expression language, the engine, the checks.

``claimcheck.rules()`` is the public API function and this subpackage has the
same name; Python binds ``claimcheck.rules`` to the subpackage once it is
imported, so the subpackage module itself is callable and forwards to
:func:`claimcheck.api.rules` (as ``claimcheck.extract`` does).
"""

from __future__ import annotations

import sys
import types


class _CallableModule(types.ModuleType):
    def __call__(self, rules_dir=None):  # noqa: ANN001, ANN204
        """The rule registry: every rule's code, name, severity, summary and docs."""
        from claimcheck.api import rules

        return rules(rules_dir)


sys.modules[__name__].__class__ = _CallableModule
