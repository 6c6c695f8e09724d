"""Settings for the whole suite."""

from hypothesis import settings

# Property tests judge answers, not speed (speed is measured in benchmarks/): no per-example
# deadline, so a loaded CI machine cannot fail a correct test.
settings.register_profile("nyballot", deadline=None)
settings.load_profile("nyballot")
