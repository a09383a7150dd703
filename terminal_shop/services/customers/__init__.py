"""Buyers and merchants signed in without a password (a code by e-mail), and what they own."""
