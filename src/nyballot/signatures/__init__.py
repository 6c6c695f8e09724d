"""Signature requirements for petitions, from the provisions of the law data."""

from nyballot.signatures.numbers import PETITIONS, requirements
from nyballot.signatures.requirements import Inputs, Requirement, SignatureStep, signatures

__all__ = [
    "PETITIONS", "Inputs", "Requirement", "SignatureStep", "requirements", "signatures",
]  # fmt: skip
