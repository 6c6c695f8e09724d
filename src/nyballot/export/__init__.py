"""Writing a calendar out: the JSON contract, iCalendar, CSV and the terminal table."""
