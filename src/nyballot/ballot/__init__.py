"""Ballot contents, order by lot or rotation, and printed names, for one election district."""

from nyballot.ballot.contents import build_ballot
from nyballot.ballot.lot import draw, ticket
from nyballot.ballot.model import Ballot, BallotInput, parse_ballot

__all__ = ["Ballot", "BallotInput", "build_ballot", "draw", "parse_ballot", "ticket"]
