"""Petition review: signature lines against the voter file, a cited ruling for each.

lines           the lines file (CSV): signature lines and each sheet's witness, checked
parse           a signer's name and address read into parts (nameparser, usaddress)
match           the voter a line names: DuckDB blocking, rapidfuzz scoring
law             the words each ruling rests on, quoted from the shipped texts
period          the signing period, from the calendar for the year and kind
rulings         the grounds that defeat one line (pure)
review          every line ruled, the tally, the JSON of the contract
tally           the number required (§ 6-136(2), § 6-142(2)) and the count against it
book            other petitions for the office, from the desk's book (§ 6-134(3))
kept            reviews kept in the store, and the clerk's overrides
report          text, the clerk's worksheet, the specifications (HTML and PDF)
walklist        the voters who may sign in a unit, by street and house, for canvassers
workers         reviews in worker processes for the server: bounded queues, answers streamed
"""
