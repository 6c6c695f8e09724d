"""Signature requirements for petitions, as the shipped statute and bill texts give them."""

from nyballot.signatures.requirements import Inputs, Requirement, Step, signatures, table

__all__ = ["Inputs", "Requirement", "Step", "signatures", "table"]
