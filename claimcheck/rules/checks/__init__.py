"""The registered checks, one module per rule or cohesive rule group; importing this package
registers them all.

Checks read the extracted facts (conditions, measurements, devices, claims, runs, the
document index). Where a fact has no extracted form, a short list of cue patterns,
documented next to each pattern, reads the report's own sentences from the index; a
sentence that describes others' practice or warns about it (hedged) never fires. Questions
several checks ask live in :mod:`claimcheck.rules.queries`, :mod:`claimcheck.rules.views`,
:mod:`claimcheck.rules.setup_terms` and :mod:`claimcheck.rules.captions`: no check imports
another.
"""

from claimcheck.rules.checks import (
    advertised,
    asymmetric_configuration,
    asymmetric_testbed,
    bottleneck,
    claims,
    cpu_comparison,
    crossref,
    dangling_reference,
    duplicate_label,
    errors_in_results,
    latency_definition,
    license_capped,
    littles_law,
    methodology,
    missing_condition,
    missing_configuration,
    name_inconsistency,
    one_sided,
    order_stats,
    per_device_load,
    pipelining,
    repeatability,
    small_sample,
    throughput_definition,
    unit_misuse,
)

__all__ = [
    "advertised",
    "asymmetric_configuration",
    "asymmetric_testbed",
    "bottleneck",
    "claims",
    "cpu_comparison",
    "crossref",
    "dangling_reference",
    "duplicate_label",
    "errors_in_results",
    "latency_definition",
    "license_capped",
    "littles_law",
    "methodology",
    "missing_condition",
    "missing_configuration",
    "name_inconsistency",
    "one_sided",
    "order_stats",
    "per_device_load",
    "pipelining",
    "repeatability",
    "small_sample",
    "throughput_definition",
    "unit_misuse",
]
