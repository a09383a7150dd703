"""Who changed what and who looked at what: written by every area, read through trail.py and
access_log.py (issue 51.1: the back office's views no longer hold what every area writes)."""
