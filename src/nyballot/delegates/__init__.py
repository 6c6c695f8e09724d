"""Presidential-primary delegate allocation under § 2-122-b, step by step, from its provisions."""

from nyballot.delegates.allocate import allocate, allocate_at_large, allocate_district
from nyballot.delegates.model import Allocation, AllocationStep, DelegateResult, Tie
from nyballot.delegates.results import parse_results, read_results

__all__ = [
    "Allocation",
    "AllocationStep",
    "DelegateResult",
    "Tie",
    "allocate",
    "allocate_at_large",
    "allocate_district",
    "parse_results",
    "read_results",
]
