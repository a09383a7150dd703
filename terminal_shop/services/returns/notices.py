"""Who is told of a return (issue 61.3): the buyer of each step with what happens next (by
e-mail, and by WhatsApp where their number agreed: the channels decide), the staff who decide
returns of a new one."""

from __future__ import annotations

import uuid

from sqlmodel import Session

from terminal_shop import routes
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.events.bus import subscribe
from terminal_shop.services.notifications.channels import Notice, tell
from terminal_shop.services.orders import order_status
from terminal_shop.services.orders import owners as orders
from terminal_shop.services.orders.views import order_number
from terminal_shop.services.returns.events import ReturnAsked, ReturnEvent, ReturnMoved
from terminal_shop.services.returns.tables import OrderReturn
from terminal_shop.services.returns.terms import ReturnReason, ReturnStep
from terminal_shop.services.team.permissions import Permission
from terminal_shop.services.team.recipients import staff_to_tell


@subscribe(ReturnAsked, ReturnMoved)
def _told(s: Session, event: ReturnEvent) -> None:
    row = s.get(OrderReturn, uuid.UUID(event.entity_id))
    order = orders.record(s, row.order_id) if row is not None else None
    if row is None or order is None or order.purged_at is not None:
        return
    public = get_settings().public_url
    values = {"number": row.number, "order": order_number(order.id), "step": ReturnStep.label_of(event.new_status or ""),
              "next": event.detail or "", "link": public + order_status.status_path(order.id)}  # fmt: skip
    key = f"return:{row.id}:{event.new_status}"
    tell(s, Notice("return_step", key, ("order", str(order.id)), order.buyer_email, order.buyer_phone, order, values))
    if isinstance(event, ReturnAsked):
        link = public + routes.with_id(routes.ADMIN_ORDER, order.id)
        staff = {
            "number": row.number,
            "order": values["order"],
            "reason": ReturnReason.label_of(row.reason),
            "link": link,
        }
        for admin in staff_to_tell(Permission.ORDERS_REVIEW):
            tell(s, Notice("return_opened", f"{key}:{admin}", ("order", str(order.id)), admin, None, None, staff))
