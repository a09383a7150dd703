"""The fleet reports itself (issue 48.3): each terminal's heartbeat (or its vendor's management
server's on its behalf), signed; the admin's view of devices offline, out of paper or on an old
app, and the merchant's "Terakhir terhubung" and offline alert."""
