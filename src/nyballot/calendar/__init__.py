"""The political calendar: evaluating a law's rules for one year, each date with its derivation."""
