"""Uploads checked by their structure (issue 63.5): a video is parsed, its duration bounded; a PDF
that can act when opened is refused; a file that only starts like one is refused."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfWriter
from pypdf.actions import JavaScript
from pypdf.generic import DictionaryObject, NameObject, TextStringObject

from terminal_shop.infra.uploads import MEDIA_KINDS, PROOF_KINDS, UploadRefusal, UploadRejected, check_file

from support.files import pdf

FIXTURES = Path(__file__).parent.parent / "fixtures"
WRONG = ("Format file tidak didukung", "Foto JPG/PNG atau video MP4/WebM, maksimal 10 MB")


def _refusal(data: bytes, kinds: tuple[str, ...]) -> UploadRejected:
    with pytest.raises(UploadRejected) as refused:
        check_file(data, kinds, WRONG)
    return refused.value


def test_a_real_short_video_is_kept_and_a_polyglot_or_a_long_one_is_refused():
    for name, content_type in (("broken-terminal.mp4", "video/mp4"), ("broken-terminal.webm", "video/webm")):
        assert check_file((FIXTURES / name).read_bytes(), MEDIA_KINDS, WRONG).content_type == content_type
    polyglot = b"\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2" + b"<html><script>alert(1)</script></html>" * 13
    assert _refusal(polyglot, MEDIA_KINDS).code is UploadRefusal.VIDEO  # 544 bytes that start like an MP4
    assert _refusal((FIXTURES / "ninety-seconds.mp4").read_bytes(), MEDIA_KINDS).code is UploadRefusal.VIDEO
    assert _refusal((FIXTURES / "broken-terminal.mp4").read_bytes()[:400], MEDIA_KINDS).code is UploadRefusal.VIDEO


def _written(writer: PdfWriter) -> bytes:
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_a_plain_pdf_is_kept_and_one_that_acts_when_opened_is_refused(tmp_path):
    assert check_file(pdf(tmp_path / "struk.pdf").read_bytes(), PROOF_KINDS, WRONG).kind == "pdf"
    scripted = PdfWriter()
    scripted.add_blank_page(100, 100)
    scripted.add_open_action(JavaScript("app.launchURL('https://evil.example');"))
    attached = PdfWriter()
    attached.add_blank_page(100, 100)
    attached.add_attachment("struk.exe", b"MZ")
    launching = PdfWriter()
    launching.add_blank_page(100, 100)
    launching._root_object[NameObject("/OpenAction")] = DictionaryObject(
        {NameObject("/S"): NameObject("/Launch"), NameObject("/F"): TextStringObject("cmd.exe")}
    )
    for writer in (scripted, attached, launching):
        refused = _refusal(_written(writer), PROOF_KINDS)
        assert refused.code is UploadRefusal.ACTIVE_PDF and refused.text.startswith("PDF berisi skrip")
    assert _refusal(b"%PDF-1.4\n<html><script>x</script></html>\n%%EOF", PROOF_KINDS).code is UploadRefusal.WRONG_TYPE
