"""Every period and limit that a text tells people, stated once: the code that applies the
rule and the sentence that names it read the same constant (a changed rule cannot leave
"14 hari" behind in an e-mail). Retention periods are settings (infra/settings.py)."""

from __future__ import annotations

from datetime import timedelta

FIX_LINK_VALID = timedelta(days=14)  # a rejected applicant's correction link
INVITE_VALID = timedelta(hours=48)  # an admin invitation's link, and a merchant's team invitation
TEAM_INVITES_PER_HOUR = 10  # invitations one owner sends in an hour
PAYMENT_REVIEW = timedelta(hours=24)  # the team's promise to check a proof of payment
# On working days the team imports the bank statement and the QRIS report at least this often
# (services/orders/payments/reconcile.py matches each line to the order waiting for that exact amount).
STATEMENT_MATCH = timedelta(hours=2)
BREACH_NOTICE = timedelta(hours=72)  # UU 27/2022 Ps 46: a breach told to the people and the authority within
DATA_REQUEST_ANSWER = timedelta(hours=72)  # UU 27/2022: a data subject's request is answered within
UPLOAD_MAX_MB = 10  # every file a person or an admin uploads
LOW_BATTERY_PERCENT = 20  # the fleet view flags a unit below this (issue 63.6)
WEAK_SIGNAL_PERCENT = 25  # and a signal below this
SHOP_HOURS = (7, 21)  # WIB: a merchant is told of a silent terminal from 07.00 until 21.00 (issue 63.6)
VIDEO_MAX_SECONDS = 60  # a service report's video: a broken terminal shown, not a film (issue 63.5)
ORDERS_PER_BUYER = 5  # orders stored per hour for one e-mail address or one phone number
BUYER_WINDOW = timedelta(hours=1)
CHECKOUT_DRAFT_KEPT = timedelta(days=3)  # a checkout's cart and form kept in the browser (issue 50.3)
SIGN_IN_CODE_VALID = timedelta(minutes=10)  # a customer's e-mailed sign-in code
SIGN_IN_CODE_TRIES = 5  # wrong guesses a code allows
SIGN_IN_CODES_PER_HOUR = 5  # codes sent to one address in an hour, asked from one browser
SIGN_IN_CODES_PER_ADDRESS_HOUR = 10  # codes sent to one address in an hour, from every browser together
PAYMENT_LINE_WINDOW = timedelta(days=7)  # a bank line booked this long after an order may pay it
WHATSAPP_REPLY_WINDOW = timedelta(hours=24)  # Meta's customer-service window for a free reply
REFUSALS_SHOWN = timedelta(hours=24)  # an acquirer's refused webhook calls counted on "Transaksi"
REFUSALS_KEPT = timedelta(days=90)  # how long refused deliveries are kept as hourly counts
# How long an imported statement's list of lines is kept for the payments page to review (its
# lines stay: only the file's order of them goes; no tab holds an import that long).
STATEMENT_IMPORTS_KEPT = timedelta(days=7)
REGISTRATION_REVIEW_DAYS = 3  # working days: the team's promise to review a registration
REGISTRATION_REVIEW = f"1-{REGISTRATION_REVIEW_DAYS} hari kerja"


def days(period: timedelta) -> str:
    return f"{period.days} hari"


def minutes(period: timedelta) -> str:
    return f"{int(period.total_seconds() // 60)} menit"


def hours(period: timedelta) -> str:
    return f"{int(period.total_seconds() // 3600)} jam"


def years(count: int) -> str:
    return f"{count} tahun"


def warranty(months: int) -> str:
    """'1 tahun' for 12 months, '18 bulan' otherwise: how the shop states a warranty."""
    return years(months // 12) if months % 12 == 0 else f"{months} bulan"


def working_days(period: timedelta) -> str:
    """How Indonesian shops state a deadline in whole days of 24 hours: '1x24 jam', '3x24 jam'."""
    return f"{int(period.total_seconds() // 86400)}x24 jam"


# The one promise about a payment's check: the confirm and thank-you pages, the order's page,
# its e-mail and the FAQ all say this sentence.
PAYMENT_PROMISE = (
    f"Pembayaran Anda kami cocokkan dengan mutasi rekening dalam {hours(STATEMENT_MATCH)} pada hari kerja; "
    f"jika belum cocok, tim kami memeriksa bukti Anda dalam {working_days(PAYMENT_REVIEW)}. "
    "Konfirmasi dikirim lewat email."
)

UPLOAD_MAX = f"{UPLOAD_MAX_MB}MB"  # as the SPEC's texts write it: "maksimal 10MB"

# A "Dana belum masuk?" case is answered by 17.00 WIB of the next working day (services/payouts/cases.py).
PAYOUT_CASE_ANSWER_DAYS = 1
SERVICE_RETURN_DAYS = 14  # days: an old unit not collected by then is invoiced at its price (services/servicing)
SERVICE_REPLACEMENT_DAYS = 1  # working days: a unit in warranty is replaced by then (services/servicing)
DISPUTE_REMIND_DAYS = 2  # days before a dispute's deadline the merchant is reminded (disputes/notices.py)
DAILY_RECAP_HOUR = 7  # WIB: the merchant's daily recap is queued from this hour (services/payouts/recap.py)
ACCOUNT_CHANGE_WAIT_DAYS = 3  # working days: an approved new payout account is used from then (issue 61.4)
ACCOUNT_CHANGE_CODE_VALID = timedelta(minutes=15)  # the owner's e-mailed code confirming the request
ACCOUNT_CHANGE_CODE_TRIES = 5  # wrong codes a request allows
ACCOUNT_CHANGES_PER_DAY = 3  # requests one merchant makes in 24 hours
ACCOUNT_CHANGE_MARKED = timedelta(days=30)  # staff see a payout account changed this recently marked
RETURN_DAYS = 7  # days after delivery a buyer may ask to return a unit (PP 80/2019 asks at least 2 working days)
RETURN_WINDOW = f"{RETURN_DAYS} hari"  # as the checkout's terms, the FAQ and the order page say it
RETURN_PHOTOS = 3  # photos a return request carries at most (at least one)
RETURN_TERMS = (  # the checkout's terms and the FAQ say it; the order page offers it (services/returns)
    f"Retur dalam {RETURN_WINDOW} setelah pesanan diterima: unit rusak atau tidak sesuai pesanan ditukar atau "
    "dananya dikembalikan; berubah pikiran, dana dikembalikan (di luar ongkir) untuk unit yang belum dipakai. "
    "Ajukan dari halaman status pesanan."
)
