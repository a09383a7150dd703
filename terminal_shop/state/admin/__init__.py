"""Back-office states, one module per area; `session` holds the check they all pass."""

from terminal_shop.state.admin.accounts import AccountsState
from terminal_shop.state.admin.bulk_ship import BulkShipState
from terminal_shop.state.admin.devices import DevicesState
from terminal_shop.state.admin.invite import InviteState
from terminal_shop.state.admin.merchant_devices import MerchantDevicesState
from terminal_shop.state.admin.merchant_rates import MerchantRatesState
from terminal_shop.state.admin.merchants import DELETE_PHRASE, DOC_UPLOAD_ID, MerchantDetailState, MerchantListState
from terminal_shop.state.admin.order_whatsapp import MerchantWhatsAppState, OrderWhatsAppState
from terminal_shop.state.admin.orders import OrderDetailState, OrderListState
from terminal_shop.state.admin.overview import OverviewState
from terminal_shop.state.admin.payments import PaymentsState
from terminal_shop.state.admin.personal_data import PersonalDataState
from terminal_shop.state.admin.session import AdminState, admin_only
from terminal_shop.state.admin.sessions import SessionsState
from terminal_shop.state.admin.transactions import TransactionsState
from terminal_shop.state.admin.two_factor import TwoFactorState

__all__ = [
    "DELETE_PHRASE",
    "DOC_UPLOAD_ID",
    "AccountsState",
    "AdminState",
    "BulkShipState",
    "DevicesState",
    "TransactionsState",
    "InviteState",
    "MerchantDetailState",
    "MerchantDevicesState",
    "MerchantRatesState",
    "OrderWhatsAppState",
    "MerchantWhatsAppState",
    "MerchantListState",
    "OrderDetailState",
    "OrderListState",
    "OverviewState",
    "PaymentsState",
    "PersonalDataState",
    "SessionsState",
    "TwoFactorState",
    "admin_only",
]
