"""Signature requirements for petitions, as the shipped statute and bill texts give them."""

from nyballot.signatures.requirements import Inputs, Requirement, SignatureStep, signatures, table

__all__ = ["Inputs", "Requirement", "SignatureStep", "signatures", "table"]
