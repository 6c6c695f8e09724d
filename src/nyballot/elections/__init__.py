"""Elections other than the year's primary and general: a special election from one
proclamation, a village election from one village's day. Each is the law in force evaluated
with its own events (the calendar's rules, never copied), plus the checks of Public Officers
Law § 42 and Article 15."""
