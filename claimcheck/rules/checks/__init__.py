"""The shipped checks: ``<CODE>_<check name>.py`` holds the check of rule CODE (A006's is
``A006_littles_law.py``); importing a module registers its check.

A check reads the document's fact store (:class:`claimcheck.facts.FactStore`): conditions,
measurements, entities, claims, runs, the prose index and the questions the store answers.
Where a fact has no extracted form, a short list of cue patterns, documented next to each
pattern, reads the report's own sentences from the store; a sentence that describes others'
practice or warns about it (hedged) never fires. Questions several checks ask live in the
store, :mod:`claimcheck.rules.queries` and :mod:`claimcheck.rules.setup_terms`: no check
imports another.
"""
