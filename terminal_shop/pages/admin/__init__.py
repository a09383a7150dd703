"""Back-office pages: sign-in, merchant registrations and orders."""
